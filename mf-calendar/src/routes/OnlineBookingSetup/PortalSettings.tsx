/**
 * 'Mine tider' on /Onlinereservation: how long before a booking clients may cancel or move it themselves (this
 * therapist's bookings), whether the therapist is mailed when they do, and, for the owner, the clinic's rule for
 * journals in 'Hent mine data'. Saved through the page's one settings call, like the form switch beside it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, Radio, RadioGroup, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ActionInput } from '@klinik/core';
import { portalMessages } from '@klinik/core/messages';
import { panel } from './styles';
import { portalSettingsTexts as T } from './texts';

type Change = ActionInput<'setOnlineBookingSettings'>;
type JournalExport = 'included' | 'on-request';

const useStyles = makeStyles({
  card: panel,
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  hours: { width: '120px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** Whole hours 0–168, as the server's rule (core's cancelNoticeHours) has them; null for anything else. */
function parseHours(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const hours = Number(text.trim());
  return hours <= 168 ? hours : null;
}

export default function PortalSettings({
  settings,
  saving,
  isOwner,
  onSave,
}: {
  settings: { cancelNoticeHours: number; portalChangeMail: boolean; journalExport: JournalExport };
  saving: boolean;
  isOwner: boolean;
  onSave: (change: Change) => void;
}) {
  const styles = useStyles();
  const [hours, setHours] = useState(String(settings.cancelNoticeHours));
  const [tried, setTried] = useState(false);
  useEffect(() => setHours(String(settings.cancelNoticeHours)), [settings.cancelNoticeHours]);
  const parsed = parseHours(hours);
  const invalid = tried && parsed === null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (parsed !== null) onSave({ cancelNoticeHours: parsed });
  }

  return (
    <div className={styles.card}>
      <Text weight="semibold">{T.title}</Text>
      <Text className={styles.hint}>{T.intro}</Text>
      <form className={styles.row} onSubmit={submit} noValidate>
        <Field
          label={T.noticeHours}
          hint={parsed !== null ? portalMessages.noticeRule(parsed) : undefined}
          validationMessage={invalid ? portalMessages.cancelNoticeHours : undefined}
        >
          <Input
            className={styles.hours}
            type="number"
            inputMode="numeric"
            min={0}
            max={168}
            step={1}
            value={hours}
            onChange={(_, data) => {
              setHours(data.value);
              setTried(false);
            }}
          />
        </Field>
        <Button type="submit" disabled={saving || parsed === settings.cancelNoticeHours}>
          {saving ? T.saving : T.save}
        </Button>
      </form>
      <Switch label={T.changeMail} checked={settings.portalChangeMail} disabled={saving} onChange={(_, data) => onSave({ portalChangeMail: data.checked })} />
      <Field label={T.journalExport} hint={isOwner ? undefined : T.ownerOnly}>
        <RadioGroup value={settings.journalExport} disabled={saving || !isOwner} onChange={(_, data) => onSave({ journalExport: data.value as JournalExport })}>
          <Radio value="included" label={T.journalIncluded} />
          <Radio value="on-request" label={T.journalOnRequest} />
        </RadioGroup>
      </Field>
    </div>
  );
}
