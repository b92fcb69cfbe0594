/**
 * 'Flyt': the booking page's free times for this booking (its own time counted free), a week at a time as in the
 * wizard. A refusal (a time taken meanwhile: 409) keeps its message on screen, clears the choice and asks for the
 * times again.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { PortalBooking } from '@klinik/core';
import { startOfCopenhagenWeek } from '@klinik/core/time';
import { useMutation, useQuery } from '@klinik/ui';
import type { PortalApi } from './api';
import { bookingWhen } from './format';
import { FreeTimes } from './FreeTimes';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

export function MoveDialog({ booking, api, onClose, onMoved }: { booking: PortalBooking; api: PortalApi; onClose: () => void; onMoved: (message: string) => void }) {
  const styles = usePortalStyles();
  const [week, setWeek] = useState(() => startOfCopenhagenWeek(Date.now()));
  const [chosen, setChosen] = useState<number | null>(null);
  const times = useQuery(['getClientPortalFreeTimes', booking.id, week], () => api.freeTimes(booking.id, week, startOfCopenhagenWeek(week, 1)));
  const move = useMutation((from: number) => api.move(booking.id, from), {
    onSuccess: (answer) => {
      onMoved(answer.message);
      onClose();
    },
    onError: () => {
      setChosen(null);
      void times.refresh();
    },
  });
  const changeWeek = (weeks: number) => {
    setChosen(null);
    move.reset();
    setWeek(startOfCopenhagenWeek(week, weeks));
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !move.pending && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.moveTitle}</DialogTitle>
          <DialogContent className={styles.form}>
            <Text>{T.moveIntro(`${booking.treatmentName}, ${bookingWhen(booking.from, booking.to)}`)}</Text>
            {move.error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{move.error}</MessageBarBody>
              </MessageBar>
            )}
            <FreeTimes week={week} onWeek={changeWeek} times={times} chosen={chosen} onChoose={setChosen} hide={booking.from} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={move.pending}>
              {T.close}
            </Button>
            <Button appearance="primary" disabled={chosen === null || move.pending} onClick={() => chosen !== null && void move.run(chosen)}>
              {move.pending ? T.sending : T.moveConfirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
