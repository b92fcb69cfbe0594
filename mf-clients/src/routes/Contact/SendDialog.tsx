/**
 * The send confirmation (spec 2, Newsletters: 'Send: confirm dialog, then send to all clients or to a selection of
 * client ids'): to every client with newsletter on and an e-mail, or to the clients chosen here. The answer comes at
 * once; the jobs send, and the list follows the progress.
 */
import { useState } from 'react';
import { Field, Radio, RadioGroup, Text, makeStyles } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import type { Newsletter, NewsletterClient, NewsletterSend } from '@klinik/core';
import { FormDialog, useMutation } from '@klinik/ui';
import type { ContactApi } from '../../api';
import { ClientChooser } from './ClientChooser';
import type { Notify } from './types';
import { texts } from './texts';

const T = texts.sendDialog;

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
});

export default function SendDialog({
  api,
  notify,
  newsletter,
  onStarted,
  onClose,
}: {
  api: ContactApi;
  notify: Notify;
  newsletter: Newsletter;
  onStarted: (send: NewsletterSend) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [audience, setAudience] = useState<'all' | 'selection'>('all');
  const [chosen, setChosen] = useState<ReadonlyMap<string, NewsletterClient>>(() => new Map());
  const send = useMutation(
    () => (audience === 'all' ? api.sendNewsletterToAll(newsletter.id) : api.sendNewsletterToSelection(newsletter.id, [...chosen.keys()])),
    {
      notify,
      onSuccess: (answer) => {
        onStarted(answer.data);
        onClose();
      },
    },
  );
  const problem = Object.values(send.fieldErrors)[0] ?? send.error;

  return (
    <FormDialog
      title={T.title(newsletter.subject)}
      modalType="alert"
      onClose={onClose}
      onSubmit={() => void send.run(undefined)}
      busy={send.pending}
      error={problem}
      submitLabel={send.pending ? T.sending : T.send}
      submitIcon={<SendRegular />}
      cancelLabel={texts.cancel}
      submitDisabled={audience === 'selection' && chosen.size === 0}
      // The chooser has a search of its own: Enter there must not send the newsletter.
      submitOnEnter={false}
      surfaceClassName={styles.surface}
    >
      <Field label={T.audienceLabel}>
        <RadioGroup value={audience} onChange={(_, data) => setAudience(data.value as 'all' | 'selection')} disabled={send.pending}>
          <Radio value="all" label={T.all} />
          <Radio value="selection" label={T.selection} />
        </RadioGroup>
      </Field>
      {audience === 'selection' && <ClientChooser api={api} chosen={chosen} onChange={setChosen} disabled={send.pending} />}
      <Text>{audience === 'all' ? T.confirmAll : T.confirmSelection(chosen.size)}</Text>
    </FormDialog>
  );
}
