/** Step 0: 'Behandling' or 'Kursus'. */
import type { Dispatch } from 'react';
import { texts } from '../../texts';
import type { WizardAction } from '../state';

export function KindStep({ dispatch }: { dispatch: Dispatch<WizardAction> }) {
  return (
    <section>
      <h2>{texts.chooseType}</h2>
      <div className="kb-choices">
        {(['treatment', 'course'] as const).map((kind) => (
          <button key={kind} type="button" className="kb-choice" onClick={() => dispatch({ type: 'chooseKind', kind })}>
            <strong>{kind === 'treatment' ? texts.treatment : texts.course}</strong>
          </button>
        ))}
      </div>
    </section>
  );
}
