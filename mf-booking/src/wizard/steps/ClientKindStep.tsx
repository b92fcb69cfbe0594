/** Step 1: new or existing client; a therapist who takes no new clients offers treatments to existing ones only. */
import type { Dispatch } from 'react';
import { schedulingMessages } from '@klinik/core/messages';
import { texts } from '../../texts';
import type { Kind, WizardAction } from '../state';
import { Back } from './Back';

export function ClientKindStep({ kind, takesNewClients, dispatch }: { kind: Kind; takesNewClients: boolean; dispatch: Dispatch<WizardAction> }) {
  const closedToNew = kind === 'treatment' && !takesNewClients;
  return (
    <section>
      <h2>{texts.clientKind}</h2>
      <div className="kb-choices">
        {(['new', 'existing'] as const).map((clientKind) => (
          <button
            key={clientKind}
            type="button"
            className="kb-choice"
            disabled={clientKind === 'new' && closedToNew}
            onClick={() => dispatch({ type: 'chooseClientKind', clientKind })}
          >
            <strong>{clientKind === 'new' ? texts.newClient : texts.existingClient}</strong>
            {clientKind === 'new' && closedToNew && <small>{schedulingMessages.onlyExistingClients}</small>}
          </button>
        ))}
      </div>
      <div className="kb-actions">
        <Back onClick={() => dispatch({ type: 'back', to: 0 })} />
      </div>
    </section>
  );
}
