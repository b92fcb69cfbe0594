/** `/unsubscribe?clientId=…`: one confirm button, then 'Du er nu afmeldt nyhedsbreve'. The id is a signed token. */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import { useMutation } from '@klinik/ui';
import { texts } from '../../texts';
import '../../wizard/wizard.css';

export default function UnsubscribePage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const unsubscribe = useMutation((token: string) => shell.client.call('clientUnsubscribe', { clientId: token }), { onSuccess: (answer) => setDone(answer.message) });
  const token = params.get('clientId') ?? '';
  return (
    <div className="kb">
      <h1>{texts.unsubscribeTitle}</h1>
      {done !== null ? (
        <p className="kb-success" role="status">
          {done}
        </p>
      ) : (
        <>
          <p>{texts.unsubscribeBody}</p>
          {unsubscribe.error && (
            <p className="kb-alert" role="alert">
              {unsubscribe.error}
            </p>
          )}
          <button type="button" className="kb-button" disabled={unsubscribe.pending} onClick={() => void unsubscribe.run(token)}>
            {texts.unsubscribeConfirm}
          </button>
        </>
      )}
    </div>
  );
}
