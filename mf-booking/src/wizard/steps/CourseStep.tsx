/** Step 3 for a course: the therapist's courses with a day still open for sign-up. A failed load says so. */
import type { Dispatch } from 'react';
import type { ActionClient } from '@klinik/core/client';
import { useQuery } from '@klinik/ui';
import { texts } from '../../texts';
import { Loaded } from '../Loaded';
import type { WizardAction, WizardState } from '../state';
import { Back } from './Back';

export function CourseStep({ client, therapistId, state, dispatch }: { client: ActionClient; therapistId: string; state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const courses = useQuery(['clientGetEventsFromTherapist', therapistId], () => client.call('clientGetEventsFromTherapist', { therapistId }));
  return (
    <section>
      <h2>{texts.chooseCourse}</h2>
      <Loaded query={courses}>
        {({ data }) => (
          <>
            {data.length === 0 && <p className="kb-info">{texts.noCourses}</p>}
            <div className="kb-choices" role="radiogroup" aria-label={texts.chooseCourse}>
              {data.map((option) => (
                <button
                  key={option.id}
                  type="button"
                  role="radio"
                  aria-checked={state.course?.id === option.id}
                  className="kb-choice"
                  onClick={() => dispatch({ type: 'chooseCourse', course: option })}
                >
                  <strong>{option.title}</strong>
                  {/* The description is HTML sanitised on the server (course descriptions are written by the clinic). */}
                  <small className="kb-description" dangerouslySetInnerHTML={{ __html: option.description }} />
                </button>
              ))}
            </div>
          </>
        )}
      </Loaded>
      <div className="kb-actions">
        <Back onClick={() => dispatch({ type: 'back', to: 2 })} />
      </div>
    </section>
  );
}
