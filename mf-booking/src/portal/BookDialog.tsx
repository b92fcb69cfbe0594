/**
 * 'Book ny tid' for the signed-in client: a treatment of the booking page's therapist, the reason, a free time, and
 * 'Book'. Nothing about the person is typed: the link proved who they are, so the booking goes straight onto their
 * record (no review). The times and the checks are the booking page's; a time taken meanwhile is refused, its
 * message stays and the times are asked again. A treatment paid at booking is not booked here (paying needs the
 * booking page's checkout): it is shown off, with the way to the booking page.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Link, MessageBar, MessageBarBody, Radio, RadioGroup, Text, Textarea } from '@fluentui/react-components';
import type { ActionClient } from '@klinik/core/client';
import { formatKroner } from '@klinik/core/rules';
import { startOfCopenhagenWeek } from '@klinik/core/time';
import { useMutation, useQuery } from '@klinik/ui';
import type { PortalApi } from './api';
import { FreeTimes } from './FreeTimes';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

export function BookDialog({
  client,
  therapistId,
  api,
  bookingPage,
  onClose,
  onBooked,
}: {
  client: ActionClient;
  therapistId: string;
  api: PortalApi;
  /** The booking page's address, where a treatment paid at booking is booked. */
  bookingPage: string;
  onClose: () => void;
  onBooked: (message: string) => void;
}) {
  const styles = usePortalStyles();
  const treatments = useQuery(['clientGetTreatmentsFromTherapist', therapistId], () => client.call('clientGetTreatmentsFromTherapist', { therapistId }));
  const [treatmentId, setTreatmentId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [week, setWeek] = useState(() => startOfCopenhagenWeek(Date.now()));
  const [chosen, setChosen] = useState<number | null>(null);
  const treatment = treatments.data?.data.find((candidate) => candidate.id === treatmentId) ?? null;
  const times = useQuery(treatment ? ['clientGetAvailable', { therapistId, treatmentId: treatment.id, week }] : null, () =>
    client.call('clientGetAvailable', { therapistId, treatmentId: treatment?.id, from: week, to: startOfCopenhagenWeek(week, 1), duration: (treatment?.duration ?? 0) * 1000, pause: (treatment?.pause ?? 0) * 1000 }),
  );
  const book = useMutation((input: { treatmentId: string; from: number; reason: string }) => api.addBooking({ therapistId, ...input }), {
    onSuccess: (answer) => {
      onBooked(answer.message);
      onClose();
    },
    onError: () => {
      setChosen(null);
      void times.refresh();
    },
  });
  const changeWeek = (weeks: number) => {
    setChosen(null);
    book.reset();
    setWeek(startOfCopenhagenWeek(week, weeks));
  };
  const reasonError = book.fieldErrors.reason;
  const somePrepaid = treatments.data?.data.some((option) => option.payment !== null) ?? false;

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !book.pending && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.bookNew}</DialogTitle>
          <DialogContent className={styles.form}>
            {treatments.error !== null && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>
                  {treatments.error} <Button onClick={() => void treatments.refresh()}>{T.retry}</Button>
                </MessageBarBody>
              </MessageBar>
            )}
            {treatments.data === undefined ? (
              treatments.error === null && <Text role="status">{T.loadingTreatments}</Text>
            ) : treatments.data.data.length === 0 ? (
              <Text>{T.noTreatments}</Text>
            ) : (
              <Field label={T.chooseTreatment} required>
                <RadioGroup
                  value={treatmentId ?? ''}
                  onChange={(_, data) => {
                    setTreatmentId(data.value);
                    setChosen(null);
                    book.reset();
                  }}
                >
                  {treatments.data.data.map((option) => (
                    <Radio
                      key={option.id}
                      value={option.id}
                      disabled={option.payment !== null}
                      label={[option.name, T.minutes(Math.round(option.duration / 60)), formatKroner(Math.round(option.price * 100)), ...(option.payment ? [T.paidAtBooking] : [])].join(' · ')}
                    />
                  ))}
                </RadioGroup>
              </Field>
            )}
            {somePrepaid && (
              <MessageBar intent="info">
                <MessageBarBody>
                  {T.prepaidElsewhere} <Link href={bookingPage}>{T.toBookingPage}</Link>
                </MessageBarBody>
              </MessageBar>
            )}
            <Field label={T.reason} required validationMessage={reasonError}>
              <Textarea value={reason} maxLength={2000} resize="vertical" onChange={(_, data) => setReason(data.value)} />
            </Field>
            {book.error && !reasonError && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{book.error}</MessageBarBody>
              </MessageBar>
            )}
            {treatment && <FreeTimes week={week} onWeek={changeWeek} times={times} chosen={chosen} onChoose={setChosen} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={book.pending}>
              {T.close}
            </Button>
            <Button
              appearance="primary"
              disabled={!treatment || chosen === null || book.pending}
              onClick={() => treatment && chosen !== null && void book.run({ treatmentId: treatment.id, from: chosen, reason: reason.trim() })}
            >
              {book.pending ? T.sending : T.book}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export default BookDialog;
