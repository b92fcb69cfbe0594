/** Step 5: 'Din booking er nu oprettet.', the waiting list where it applies, and 'Ny booking'. */
import { bookingMessages } from '@klinik/core/messages';
import { texts } from '../../texts';

export function DoneStep({ waiting, onRestart }: { waiting: boolean; onRestart: () => void }) {
  return (
    <section>
      <p className="kb-success" role="status">
        {bookingMessages.done}
      </p>
      {waiting && <p className="kb-info">{texts.waitingDone}</p>}
      <button type="button" className="kb-button" onClick={onRestart}>
        {texts.newBooking}
      </button>
    </section>
  );
}
