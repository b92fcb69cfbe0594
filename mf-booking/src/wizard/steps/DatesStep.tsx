/**
 * Step 4 for a course: its upcoming days, each with the seats left (or 'Fuldt – venteliste') and the sign-up
 * deadline. Choosing a full day puts the client on its waiting list, which the button says.
 */
import type { Dispatch } from 'react';
import type { ActionClient } from '@klinik/core/client';
import type { PublicCourse } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { useQuery } from '@klinik/ui';
import { texts } from '../../texts';
import { Loaded } from '../Loaded';
import type { WizardAction, WizardState } from '../state';
import { Back } from './Back';
import { dayTitle } from './format';

export function DatesStep({
  client,
  course,
  state,
  dispatch,
  sending,
  onBook,
}: {
  client: ActionClient;
  course: PublicCourse;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  sending: boolean;
  onBook: () => void;
}) {
  const dates = useQuery(['clientGetEventDatesFromTherapist', course.id], () => client.call('clientGetEventDatesFromTherapist', { eventId: course.id }));
  const { chosenDates } = state;
  const anyFull = (dates.data?.data ?? []).some((date) => chosenDates.includes(date.id) && date.full);
  return (
    <section>
      <h2>{texts.chooseDates}</h2>
      <Loaded query={dates}>
        {({ data }) =>
          data.map((date) => (
            <label className="kb-check" key={date.id}>
              <input type="checkbox" checked={chosenDates.includes(date.id)} onChange={(event) => dispatch({ type: 'toggleDate', id: date.id, chosen: event.target.checked })} />
              <span>
                <strong>
                  {dayTitle.format(date.from)} {formatCopenhagenTime(date.from)}–{formatCopenhagenTime(date.to)}
                </strong>
                <br />
                <small>
                  {date.full ? texts.full : texts.seatsLeft(date.limit - date.clients)} · {texts.signUpBy(formatDanishDate(date.deadline))}
                </small>
              </span>
            </label>
          ))
        }
      </Loaded>
      <div className="kb-actions">
        <Back onClick={() => dispatch({ type: 'back', to: 3 })} />
        <button type="button" className="kb-button" disabled={chosenDates.length === 0 || sending} onClick={onBook}>
          {sending ? texts.sending : anyFull ? texts.waitingList : texts.book}
        </button>
      </div>
    </section>
  );
}
