/** `/unsubscribe?clientId=…`: one confirm button, then 'Du er nu afmeldt nyhedsbreve'. The id is a signed token. */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { texts } from '../../texts';
import '../../wizard/wizard.css';

export default function UnsubscribePage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done' | 'error'; message: string }>({ kind: 'idle' });
  const token = params.get('clientId') ?? '';
  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const answer = await shell.client.call('clientUnsubscribe', { clientId: token });
      setState({ kind: 'done', message: answer.message });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof ActionError ? error.message : String(error) });
    }
  }
  return (
    <div className="kb">
      <h1>{texts.unsubscribeTitle}</h1>
      {state.kind === 'done' ? (
        <p className="kb-success" role="status">
          {state.message}
        </p>
      ) : (
        <>
          <p>{texts.unsubscribeBody}</p>
          {state.kind === 'error' && (
            <p className="kb-alert" role="alert">
              {state.message}
            </p>
          )}
          <button type="button" className="kb-button" disabled={state.kind === 'busy'} onClick={() => void confirm()}>
            {texts.unsubscribeConfirm}
          </button>
        </>
      )}
    </div>
  );
}
