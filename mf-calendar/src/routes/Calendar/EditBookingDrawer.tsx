/**
 * 'Rediger reservation': another treatment, day or time, or the reason. The server claims the new time before it
 * lets go of the old one, and refuses an overlap or a change made meanwhile (version) with a clear message. A date of
 * a recurring series is saved or deleted alone ('Kun denne') or with the later dates ('Denne og de følgende'); the
 * server changes all of those or none, and lists the dates that collide.
 */
import { useState } from 'react';
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
  Select,
  Text,
  Textarea,
  makeStyles,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ActionInput, Booking } from '@klinik/core';
import { fromCopenhagenInputs, toCopenhagenInputs } from '@klinik/core/time';
import { ConfirmDialog, LoadError, useMutation } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from '../../texts';
import { bookingTitle } from './events';
import { BOOKINGS, useBookableTreatments } from './queries';

const T = texts.create;

const useStyles = makeStyles({
  body: { display: 'grid', gap: '12px', alignContent: 'start' },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
  footer: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

export default function EditBookingDrawer({
  api,
  booking,
  notify,
  onClose,
}: {
  api: CalendarApi;
  booking: Booking;
  notify: (text: string, intent?: 'success' | 'error') => void;
  /** Also called once saved (the toast is shown and the bookings reloaded by then). */
  onClose: () => void;
}) {
  const styles = useStyles();
  const start = toCopenhagenInputs(booking.from);
  const treatments = useBookableTreatments(api);
  const [treatmentId, setTreatmentId] = useState(booking.treatmentId ?? '');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [reason, setReason] = useState(booking.reason);
  const [invalidTime, setInvalidTime] = useState(false);
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const [confirming, setConfirming] = useState(false);
  const save = useMutation(
    (input: ActionInput<'setBooking'>): Promise<{ message: string }> => (scope === 'following' ? api.setBookingSeries({ ...input, scope }) : api.setBooking(input)),
    { notify, successText: texts.edit.saved, invalidates: [BOOKINGS], onSuccess: onClose },
  );
  const remove = useMutation((input: ActionInput<'deleteBookingSeries'>) => api.deleteBookingSeries(input), { notify, invalidates: [BOOKINGS], onSuccess: onClose });

  function submit() {
    const from = fromCopenhagenInputs(date, time);
    setInvalidTime(from === null);
    save.reset();
    if (from === null) return;
    void save.run({ id: booking.id, from, ...(treatmentId && treatmentId !== booking.treatmentId ? { treatmentId } : {}), reason, version: booking.version });
  }

  const failure = invalidTime ? T.time : save.error;
  // The dates of the series that collide, as the server named them.
  const taken = Object.entries(save.fieldErrors).filter(([path]) => path.startsWith('dates.'));
  const options = treatments.data?.data ?? [];

  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && !save.pending && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={T.cancel} icon={<DismissRegular />} onClick={onClose} />}>{texts.edit.title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Text weight="semibold">{bookingTitle(booking)}</Text>
        {treatments.error !== null && <LoadError title={T.treatmentsFailed} detail={treatments.error} onRetry={() => void treatments.refresh()} />}
        <Field label={T.treatment}>
          {/* The booking's own treatment is there before (or without) the list: a date can be changed regardless. */}
          <Select value={treatmentId} onChange={(_, data) => setTreatmentId(data.value)}>
            {!options.some((treatment) => treatment.id === treatmentId) && <option value={treatmentId}>{booking.treatmentName}</option>}
            {options.map((treatment) => (
              <option key={treatment.id} value={treatment.id}>
                {`${treatment.name} (${treatment.duration / 60} min)`}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.pair}>
          <Field label={T.date}>
            <Input type="date" value={date} onChange={(_, data) => setDate(data.value)} />
          </Field>
          <Field label={T.time}>
            <Input type="time" step={300} value={time} onChange={(_, data) => setTime(data.value)} />
          </Field>
        </div>
        <Field label={T.reason}>
          <Textarea value={reason} onChange={(_, data) => setReason(data.value)} resize="vertical" />
        </Field>
        {booking.seriesId && (
          <Field label={texts.series.scope}>
            <RadioGroup value={scope} onChange={(_, data) => setScope(data.value as 'this' | 'following')}>
              <Radio value="this" label={texts.series.onlyThis} />
              <Radio value="following" label={texts.series.thisAndFollowing} />
            </RadioGroup>
          </Field>
        )}
        {failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              {failure}
              {taken.length > 0 && (
                <ul>
                  {taken.map(([path, message]) => (
                    <li key={path}>{message}</li>
                  ))}
                </ul>
              )}
            </MessageBarBody>
          </MessageBar>
        )}
      </DrawerBody>
      <DrawerFooter className={styles.footer}>
        {booking.seriesId && (
          <Button onClick={() => setConfirming(true)} disabled={save.pending}>
            {texts.series.delete}
          </Button>
        )}
        <Button onClick={onClose} disabled={save.pending}>
          {T.cancel}
        </Button>
        <Button appearance="primary" onClick={submit} disabled={save.pending}>
          {texts.edit.save}
        </Button>
      </DrawerFooter>
      <ConfirmDialog
        open={confirming}
        body={`${bookingTitle(booking)}. ${scope === 'following' ? texts.series.confirmFollowing : texts.series.confirmOnlyThis}`}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.runOrThrow({ id: booking.id, scope });
        }}
      />
    </OverlayDrawer>
  );
}
