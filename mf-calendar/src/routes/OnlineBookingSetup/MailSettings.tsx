/** The confirmation-mail tab of /Onlinereservation: bookingMail on/off and the clinic's own text. */
import { useEffect, useState } from 'react';
import { Button, Field, Switch, Textarea, makeStyles } from '@fluentui/react-components';
import { mailTexts } from './texts';
import { panel } from './styles';

const T = mailTexts;
const MAIL_TEXT_MAX = 5000;

export type Settings = { bookingFormEnabled: boolean; bookingMail: boolean; bookingMailText: string };

const useStyles = makeStyles({
  card: panel,
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

export default function MailSettings({ settings, saving, onSave }: { settings: Settings; saving: boolean; onSave: (change: Partial<Settings>) => void }) {
  const styles = useStyles();
  // The text being written stays until it is saved; a failed save keeps it.
  const [text, setText] = useState(settings.bookingMailText);
  useEffect(() => setText(settings.bookingMailText), [settings.bookingMailText]);
  const dirty = text !== settings.bookingMailText;
  const tooLong = text.length > MAIL_TEXT_MAX;
  return (
    <div className={styles.card}>
      <Switch label={T.mailSwitch} checked={settings.bookingMail} disabled={saving} onChange={(_, data) => onSave({ bookingMail: data.checked })} />
      <Field label={T.mailText} hint={`${T.mailTextHint} (${text.length}/${MAIL_TEXT_MAX})`} validationMessage={tooLong ? T.tooLong : undefined}>
        <Textarea value={text} rows={8} resize="vertical" onChange={(_, data) => setText(data.value)} />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!dirty || saving || tooLong} onClick={() => onSave({ bookingMailText: text })}>
          {saving ? T.saving : T.save}
        </Button>
      </div>
    </div>
  );
}
