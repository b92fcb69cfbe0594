/** 'Slet klient' with 'Er du sikker?' first; the confirmation loads when first opened. */
import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { texts } from '../texts';
import { useClientPage } from './context';
import { retryable } from './retryable';

const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), null);

const T = texts.page;

export function DeleteClient({ fullName, onDeleted }: { fullName: string; onDeleted: () => void }) {
  const { api, clientId, notify } = useClientPage();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
        {T.deleteClient}
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          body={T.deleteBody(fullName)}
          confirmLabel={T.deleteConfirm}
          onClose={() => setConfirming(false)}
          // The dialog shows a failure itself and stays open, so the call is made here rather than as a mutation.
          onConfirm={async () => {
            const answer = await api.deleteClient(clientId);
            notify(answer.message || T.deleted);
            onDeleted();
          }}
        />
      )}
    </>
  );
}
