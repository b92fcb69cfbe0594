/**
 * 'Opret Booking' (spec 2, New booking): for an existing client (search by name or CPR), a new client (the
 * identity fields, refused while the therapist takes no new clients), or 'ikke tilgængelig' (a leave with from,
 * to and reason). Checked with the server's own schemas first; the server's refusal (an overlap, a client the
 * clinic already has) is shown in the drawer, and nothing typed is lost.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Radio,
  RadioGroup,
  SearchBox,
  Select,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { actions, schedulingMessages, type ClientSummary, type TherapistView, type Treatment } from '@klinik/core';
import { fromCopenhagenInputs, toCopenhagenInputs } from '@klinik/core/time';
import { ActionError } from '@klinik/core/client';
import type { CalendarApi } from '../../api';
import { texts } from '../../texts';
import { schemaErrors } from './formErrors';

const T = texts.create;
type Mode = 'existing' | 'new' | 'unavailable';

const useStyles = makeStyles({
  body: { display: 'grid', gap: '12px', alignContent: 'start' },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
  results: { display: 'grid', gap: '2px', maxHeight: '220px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  result: { justifyContent: 'flex-start' },
  footer: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

export default function CreateBookingDrawer({
  api,
  at,
  therapist,
  onClose,
  onCreated,
}: {
  api: CalendarApi;
  at: number;
  therapist: TherapistView | null;
  onClose: () => void;
  onCreated: (message: string) => void;
}) {
  const styles = useStyles();
  const start = toCopenhagenInputs(at);
  const [mode, setMode] = useState<Mode>('existing');
  const [treatments, setTreatments] = useState<Treatment[] | null>(null);
  const [treatmentId, setTreatmentId] = useState('');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [reason, setReason] = useState('');
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<ClientSummary[] | null>(null);
  const [client, setClient] = useState<ClientSummary | null>(null);
  const [fields, setFields] = useState({ nameFirst: '', nameLast: '', CPR6Digit: '', CPRLast4Digit: '', email: '', phonePrivate: '' });
  const end = toCopenhagenInputs(at + 60 * 60_000);
  const [leave, setLeave] = useState({ fromDate: start.date, fromTime: start.time, toDate: end.date, toTime: end.time, reason: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const takesNewClients = therapist?.isAvailable !== false;

  useEffect(() => {
    api
      .bookableTreatments()
      .then((answer) => {
        setTreatments(answer.data);
        if (answer.data.length === 1) setTreatmentId(answer.data[0]!.id);
      })
      .catch(() => setTreatments([]));
  }, [api]);

  useEffect(() => {
    if (mode !== 'existing' || search.trim().length < 2) {
      setResults(null);
      return;
    }
    const timer = window.setTimeout(() => {
      api.searchClients(search).then((answer) => setResults(answer.data), () => setResults([]));
    }, 300);
    return () => window.clearTimeout(timer);
  }, [api, mode, search]);

  const from = fromCopenhagenInputs(date, time);
  const bookingInput = {
    treatmentId: treatmentId || undefined,
    from: from ?? undefined,
    reason,
    ...(mode === 'existing' ? { clientId: client?.id } : { client: fields }),
  };
  const leaveInput = {
    from: fromCopenhagenInputs(leave.fromDate, leave.fromTime) ?? undefined,
    to: fromCopenhagenInputs(leave.toDate, leave.toTime) ?? undefined,
    reason: leave.reason,
  };
  const clientErrors = useMemo(
    () => (mode === 'unavailable' ? schemaErrors(actions.addLeave.input, leaveInput) : schemaErrors(actions.addBooking.input, bookingInput)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mode, treatmentId, date, time, reason, client, fields, leave],
  );
  const errorOf = (path: string) => serverErrors[path] ?? (submitted ? clientErrors[path] : undefined);
  const field = (path: string) => ({ validationMessage: errorOf(path), validationState: errorOf(path) ? ('error' as const) : ('none' as const) });

  async function submit() {
    setSubmitted(true);
    setFailure(null);
    setServerErrors({});
    if (Object.keys(clientErrors).length) return;
    setBusy(true);
    try {
      const answer =
        mode === 'unavailable'
          ? await api.addLeave({ from: leaveInput.from!, to: leaveInput.to!, reason: leave.reason })
          : await api.addBooking(bookingInput as Parameters<CalendarApi['addBooking']>[0]);
      onCreated(mode === 'unavailable' ? T.leaveCreated : answer.message);
    } catch (error) {
      setBusy(false);
      if (error instanceof ActionError) {
        setServerErrors(error.errors);
        setFailure(error.message);
      } else {
        setFailure(String(error));
      }
    }
  }

  const setField = (name: keyof typeof fields) => (_: unknown, data: { value: string }) => setFields((current) => ({ ...current, [name]: data.value }));

  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={T.cancel} icon={<DismissRegular />} onClick={onClose} />}>{T.title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Field label={T.mode}>
          <RadioGroup value={mode} onChange={(_, data) => (setMode(data.value as Mode), setSubmitted(false), setFailure(null), setServerErrors({}))}>
            <Radio value="existing" label={T.existing} />
            <Radio value="new" label={T.new} />
            <Radio value="unavailable" label={T.unavailable} />
          </RadioGroup>
        </Field>

        {mode !== 'unavailable' && (
          <>
            {mode === 'existing' ? (
              <>
                <Field label={T.search} hint={T.searchHint} {...field('clientId')}>
                  <SearchBox value={search} onChange={(_, data) => setSearch(data.value)} />
                </Field>
                {client && (
                  <Text>
                    {T.chosen}: <strong>{`${client.nameFirst} ${client.nameLast}`}</strong> ({client.CPR6Digit}-{client.CPRLast4Digit})
                  </Text>
                )}
                {results && (
                  <div className={styles.results} role="listbox" aria-label={T.search}>
                    {results.length === 0 && <Text style={{ padding: 8 }}>{T.noClients}</Text>}
                    {results.map((row) => (
                      <Button
                        key={row.id}
                        role="option"
                        aria-selected={client?.id === row.id}
                        className={styles.result}
                        appearance={client?.id === row.id ? 'primary' : 'subtle'}
                        onClick={() => setClient(row)}
                      >
                        {`${row.nameFirst} ${row.nameLast} · ${row.CPR6Digit}-${row.CPRLast4Digit}`}
                      </Button>
                    ))}
                  </div>
                )}
              </>
            ) : (
              <>
                {!takesNewClients && (
                  <MessageBar intent="warning" role="alert">
                    <MessageBarBody>{schedulingMessages.onlyExistingClients}</MessageBarBody>
                  </MessageBar>
                )}
                <div className={styles.pair}>
                  <Field label={T.nameFirst} required {...field('client.nameFirst')}>
                    <Input value={fields.nameFirst} onChange={setField('nameFirst')} autoComplete="off" />
                  </Field>
                  <Field label={T.nameLast} required {...field('client.nameLast')}>
                    <Input value={fields.nameLast} onChange={setField('nameLast')} autoComplete="off" />
                  </Field>
                  <Field label={T.birthDate} required {...field('client.CPR6Digit')}>
                    <Input
                      value={fields.CPR6Digit}
                      inputMode="numeric"
                      maxLength={6}
                      onChange={(_, data) => setFields((current) => ({ ...current, CPR6Digit: data.value.replace(/\D/g, '') }))}
                    />
                  </Field>
                  <Field label={T.cprLast4} required {...field('client.CPRLast4Digit')}>
                    <Input
                      value={fields.CPRLast4Digit}
                      inputMode="numeric"
                      maxLength={4}
                      onChange={(_, data) => setFields((current) => ({ ...current, CPRLast4Digit: data.value.replace(/\s/g, '') }))}
                    />
                  </Field>
                </div>
                <Field label={T.email} required {...field('client.email')}>
                  <Input type="email" value={fields.email} onChange={setField('email')} />
                </Field>
                <Field label={T.phone} required {...field('client.phonePrivate')}>
                  <Input type="tel" value={fields.phonePrivate} onChange={setField('phonePrivate')} />
                </Field>
              </>
            )}
            <Field label={T.treatment} required {...field('treatmentId')} hint={treatments?.length === 0 ? T.noTreatments : undefined}>
              {treatments === null ? (
                <Spinner size="tiny" />
              ) : (
                <Select value={treatmentId} onChange={(_, data) => setTreatmentId(data.value)}>
                  <option value="">{T.chooseTreatment}</option>
                  {treatments.map((treatment) => (
                    <option key={treatment.id} value={treatment.id}>
                      {`${treatment.name} (${treatment.duration / 60} min)`}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <div className={styles.pair}>
              <Field label={T.date} required {...field('from')}>
                <Input type="date" value={date} onChange={(_, data) => setDate(data.value)} />
              </Field>
              <Field label={T.time} required>
                <Input type="time" step={300} value={time} onChange={(_, data) => setTime(data.value)} />
              </Field>
            </div>
            <Field label={T.reason} {...field('reason')}>
              <Textarea value={reason} onChange={(_, data) => setReason(data.value)} resize="vertical" />
            </Field>
          </>
        )}

        {mode === 'unavailable' && (
          <>
            <div className={styles.pair}>
              <Field label={`${T.from}: ${T.date}`} required {...field('from')}>
                <Input type="date" value={leave.fromDate} onChange={(_, data) => setLeave((current) => ({ ...current, fromDate: data.value }))} />
              </Field>
              <Field label={`${T.from}: ${T.time}`} required>
                <Input type="time" step={300} value={leave.fromTime} onChange={(_, data) => setLeave((current) => ({ ...current, fromTime: data.value }))} />
              </Field>
              <Field label={`${T.to}: ${T.date}`} required {...field('to')}>
                <Input type="date" value={leave.toDate} onChange={(_, data) => setLeave((current) => ({ ...current, toDate: data.value }))} />
              </Field>
              <Field label={`${T.to}: ${T.time}`} required>
                <Input type="time" step={300} value={leave.toTime} onChange={(_, data) => setLeave((current) => ({ ...current, toTime: data.value }))} />
              </Field>
            </div>
            <Field label={T.leaveReason} required {...field('reason')}>
              <Input value={leave.reason} onChange={(_, data) => setLeave((current) => ({ ...current, reason: data.value }))} />
            </Field>
          </>
        )}

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
          {T.submit}
        </Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
