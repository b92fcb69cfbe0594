/**
 * 'Rediger reservation': another treatment, day or time, or the reason. The server claims the new time before it
 * lets go of the old one, and refuses an overlap or a change made meanwhile (version) with a clear message.
 */
import { useEffect, useState } from 'react';
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
  Select,
  Text,
  Textarea,
  makeStyles,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { Booking, Treatment } from '@klinik/core';
import { fromCopenhagenInputs, toCopenhagenInputs } from '@klinik/core/time';
import { ActionError } from '@klinik/core/client';
import type { CalendarApi } from '../../api';
import { texts } from '../../texts';
import { bookingTitle } from './events';

const T = texts.create;

const useStyles = makeStyles({
  body: { display: 'grid', gap: '12px', alignContent: 'start' },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
  footer: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

export default function EditBookingDrawer({ api, booking, onClose, onSaved }: { api: CalendarApi; booking: Booking; onClose: () => void; onSaved: (booking: Booking, message: string) => void }) {
  const styles = useStyles();
  const start = toCopenhagenInputs(booking.from);
  const [treatments, setTreatments] = useState<Treatment[]>([]);
  const [treatmentId, setTreatmentId] = useState(booking.treatmentId ?? '');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [reason, setReason] = useState(booking.reason);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.bookableTreatments().then((answer) => setTreatments(answer.data), () => setTreatments([]));
  }, [api]);

  async function save() {
    const from = fromCopenhagenInputs(date, time);
    if (from === null) return setFailure(texts.create.time);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.setBooking({
        id: booking.id,
        from,
        ...(treatmentId && treatmentId !== booking.treatmentId ? { treatmentId } : {}),
        reason,
        version: booking.version,
      });
      onSaved(answer.data, texts.edit.saved);
    } catch (error) {
      setBusy(false);
      setFailure(error instanceof ActionError ? error.message : String(error));
    }
  }

  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={T.cancel} icon={<DismissRegular />} onClick={onClose} />}>{texts.edit.title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Text weight="semibold">{bookingTitle(booking)}</Text>
        <Field label={T.treatment}>
          <Select value={treatmentId} onChange={(_, data) => setTreatmentId(data.value)}>
            {!treatments.some((treatment) => treatment.id === treatmentId) && <option value={treatmentId}>{booking.treatmentName}</option>}
            {treatments.map((treatment) => (
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
        <Button appearance="primary" onClick={save} disabled={busy}>
          {texts.edit.save}
        </Button>
      </DrawerFooter>
    </OverlayDrawer>
  );
}
