/**
 * 'Opret Booking' (spec 2, New booking): for an existing client (ClientPicker), a new client (NewClientFields,
 * refused while the therapist takes no new clients), or 'ikke tilgængelig' (LeaveFields). Checked with the
 * server's own schemas first (createBooking/form.ts); the server's refusal (an overlap, a client the clinic
 * already has) is shown in the drawer, and nothing typed is lost. Once created, the calendar reloads what changed.
 */
import { useMemo, useState } from 'react';
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Radio,
  RadioGroup,
  makeStyles,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ActionInput, ClientSummary, SeriesDate, TherapistView } from '@klinik/core';
import { fromCopenhagenInputs } from '@klinik/core/time';
import { useMutation } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from '../../texts';
import { BookingFields } from './createBooking/BookingFields';
import { ClientPicker } from './createBooking/ClientPicker';
import type { FieldProps } from './createBooking/fieldProps';
import { createRequest, initialForm, type CreateForm, type CreateRequest, type Mode } from './createBooking/form';
import { LeaveFields } from './createBooking/LeaveFields';
import { NewClientFields } from './createBooking/NewClientFields';
import { RepeatFields } from './createBooking/RepeatFields';
import { choicesOf, SeriesConflicts, type SeriesChoices } from './createBooking/SeriesConflicts';
import { BOOKINGS, LEAVES, useBookableTreatments } from './queries';

const T = texts.create;

const useStyles = makeStyles({
  body: { display: 'grid', gap: '12px', alignContent: 'start' },
  footer: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

export default function CreateBookingDrawer({
  api,
  at,
  therapist,
  notify,
  onClose,
}: {
  api: CalendarApi;
  at: number;
  therapist: TherapistView | null;
  notify: (text: string, intent?: 'success' | 'error') => void;
  /** Also called once created (the toast is shown and the calendar reloaded by then). */
  onClose: () => void;
}) {
  const styles = useStyles();
  const [form, setForm] = useState<CreateForm>(() => initialForm(at));
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ClientSummary | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // A series' dates as the server checked them, once some collide, and the choice made for each.
  const [plan, setPlan] = useState<SeriesDate[] | null>(null);
  const [picks, setPicks] = useState<SeriesChoices>({});
  const treatments = useBookableTreatments(api);
  const check = useMutation((input: ActionInput<'addBookingSeries'>) => api.addBookingSeries({ ...input, choices: [], check: true }), { successText: false });
  const create = useMutation((request: CreateRequest): Promise<{ message: string }> => (request.kind === 'leave' ? api.addLeave(request.input) : request.kind === 'series' ? api.addBookingSeries(request.input) : api.addBooking(request.input)), {
    notify,
    successText: form.mode === 'unavailable' ? T.leaveCreated : undefined,
    invalidates: [form.mode === 'unavailable' ? LEAVES : BOOKINGS],
    onSuccess: onClose,
  });
  const takesNewClients = therapist?.isAvailable !== false;
  const { mode } = form;

  // With a single bookable treatment, that one is chosen until the therapist picks otherwise.
  const only = treatments.data?.data.length === 1 ? treatments.data.data[0]!.id : '';
  const treatmentId = form.booking.treatmentId || only;
  const { request, errors } = useMemo(() => createRequest({ ...form, booking: { ...form.booking, treatmentId }, clientId: chosen?.id ?? null }), [form, treatmentId, chosen]);

  const field = (path: string): FieldProps => {
    const message = create.fieldErrors[path] ?? check.fieldErrors[path] ?? (submitted ? errors[path] : undefined);
    return { validationMessage: message, validationState: message ? 'error' : 'none' };
  };
  const change = <K extends 'booking' | 'client' | 'leave' | 'repeat'>(part: K) => (patch: Partial<CreateForm[K]>) => {
    // What was checked no longer stands once the booking or its repetition changes.
    if (part === 'booking' || part === 'repeat') {
      setPlan(null);
      setPicks({});
    }
    setForm((current) => ({ ...current, [part]: { ...current[part], ...patch } }));
  };

  /** The dates are checked first; a series without collisions is saved at once, one with them waits for choices. */
  async function submitSeries(input: ActionInput<'addBookingSeries'>) {
    if (plan === null) {
      const checked = await check.run(input);
      if (!checked) return;
      if (checked.data.dates.some((date) => date.conflict !== null)) {
        setPlan(checked.data.dates);
        return;
      }
    }
    let named: Record<string, string>;
    try {
      await create.runOrThrow({ kind: 'series', input: { ...input, choices: choicesOf(picks) } });
      return;
    } catch (reason) {
      const refusal = reason as { status?: unknown; errors?: Record<string, string> };
      if (refusal.status !== 409) return;
      named = refusal.errors ?? {};
    }
    // A date was taken meanwhile, or a collision has no choice yet: the list is made again, and the choices the
    // server named are cleared.
    const again = await check.run(input);
    if (!again) return;
    setPlan(again.data.dates);
    setPicks((current) => Object.fromEntries(Object.entries(current).filter(([index]) => !(`dates.${index}` in named))));
  }

  function submit() {
    setSubmitted(true);
    create.reset();
    check.reset();
    if (!request) return;
    if (request.kind === 'series') void submitSeries(request.input);
    else void create.run(request);
  }
  const failure = create.error ?? check.error;
  const busy = create.pending || check.pending;

  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={T.cancel} icon={<DismissRegular />} onClick={onClose} />}>{T.title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Field label={T.mode}>
          <RadioGroup
            value={mode}
            onChange={(_, data) => {
              setForm((current) => ({ ...current, mode: data.value as Mode }));
              setSubmitted(false);
              create.reset();
            }}
          >
            <Radio value="existing" label={T.existing} />
            <Radio value="new" label={T.new} />
            <Radio value="unavailable" label={T.unavailable} />
          </RadioGroup>
        </Field>
        {mode === 'existing' && <ClientPicker api={api} search={search} onSearch={setSearch} chosen={chosen} onChoose={setChosen} field={field('clientId')} />}
        {mode === 'new' && <NewClientFields value={form.client} onChange={change('client')} field={field} takesNewClients={takesNewClients} />}
        {mode !== 'unavailable' && <BookingFields treatments={treatments} treatmentId={treatmentId} value={form.booking} onChange={change('booking')} field={field} />}
        {mode !== 'unavailable' && <RepeatFields value={form.repeat} first={fromCopenhagenInputs(form.booking.date, form.booking.time)} onChange={change('repeat')} field={field} />}
        {mode !== 'unavailable' && form.repeat.on && plan && (
          <SeriesConflicts dates={plan} chosen={picks} onChoose={(index, value) => setPicks((current) => ({ ...current, [index]: value }))} errors={create.fieldErrors} />
        )}
        {mode === 'unavailable' && <LeaveFields value={form.leave} onChange={change('leave')} field={field} />}
        {failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
      </DrawerBody>
      <DrawerFooter className={styles.footer}>
        <Button onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button appearance="primary" onClick={submit} disabled={busy || (mode === 'new' && !takesNewClients)}>
          {mode !== 'unavailable' && form.repeat.on && plan ? texts.series.save : T.submit}
        </Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
