/**
 * 'Opfølgning og påmindelser': the caller's follow-up mails (after a treatment, after a course day: text and days
 * after) and SMS reminders (hours before a booking or course day), with what the reminder says. Whole numbers are
 * checked here with the contract's messages; everything, again, by the server, whose messages show at their fields
 * until the field is edited.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Caption1,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Spinner,
  Subtitle2,
  Switch,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FOLLOW_UP_TEXT_MAX, contactMessages, type ActionInput, type ContactSettings, type FieldErrors } from '@klinik/core';
import { copenhagenDateKey, copenhagenWallTime, formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { LoadError, useMutation, useQuery } from '@klinik/ui';
import type { TabProps } from './types';
import { FOLLOW_UP_SETTINGS, wholeNumber } from './model';
import { texts } from './texts';

const T = texts.followUp;

interface Draft {
  followUp: boolean;
  followUpText: string;
  followUpTime: string;
  followUpCourse: boolean;
  followUpTextCourse: string;
  followUpTimeCourse: string;
  reminders: boolean;
  reminderLeadHours: string;
}
type TextField = 'followUpText' | 'followUpTime' | 'followUpTextCourse' | 'followUpTimeCourse' | 'reminderLeadHours';
type SwitchField = 'followUp' | 'followUpCourse' | 'reminders';

function draftOf(settings: ContactSettings): Draft {
  return {
    followUp: settings.followUp,
    followUpText: settings.followUpText,
    followUpTime: String(settings.followUpTime),
    followUpCourse: settings.followUpCourse,
    followUpTextCourse: settings.followUpTextCourse,
    followUpTimeCourse: String(settings.followUpTimeCourse),
    reminders: settings.reminders,
    reminderLeadHours: String(settings.reminderLeadHours),
  };
}

/** The input to save, or the fields whose numbers are not whole numbers (with the contract's messages). */
function inputOf(draft: Draft): { input: ActionInput<'saveFollowUpSettings'> } | { errors: FieldErrors } {
  const followUpTime = wholeNumber(draft.followUpTime);
  const followUpTimeCourse = wholeNumber(draft.followUpTimeCourse);
  const reminderLeadHours = wholeNumber(draft.reminderLeadHours);
  const errors: FieldErrors = {};
  if (followUpTime === null) errors.followUpTime = contactMessages.followUpDays;
  if (followUpTimeCourse === null) errors.followUpTimeCourse = contactMessages.followUpDays;
  if (reminderLeadHours === null) errors.reminderLeadHours = contactMessages.reminderLead;
  if (followUpTime === null || followUpTimeCourse === null || reminderLeadHours === null) return { errors };
  return {
    input: {
      followUp: draft.followUp,
      followUpText: draft.followUpText,
      followUpTime,
      followUpCourse: draft.followUpCourse,
      followUpTextCourse: draft.followUpTextCourse,
      followUpTimeCourse,
      reminders: draft.reminders,
      reminderLeadHours,
    },
  };
}

/** The reminder as the server words it (api domain/contact/texts.ts), for a booking tomorrow at 10:00. */
function reminderPreview(settings: ContactSettings, therapistName: string): string {
  const [year, month, day] = copenhagenDateKey(Date.now()).split('-').map(Number) as [number, number, number];
  const at = copenhagenWallTime(year, month, day + 1, 10, 0);
  const weekday = new Intl.DateTimeFormat('da-DK', { weekday: 'long', timeZone: 'Europe/Copenhagen' }).format(at);
  return T.previewText(settings.clinicName, T.previewWhen(weekday, formatDanishDate(at), formatCopenhagenTime(at)), settings.clinicAddress, therapistName);
}

const useStyles = makeStyles({
  form: { display: 'grid', gap: '20px', maxWidth: '760px' },
  section: { display: 'grid', gap: '8px', paddingBottom: '16px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  number: { maxWidth: '180px' },
  preview: {
    display: 'grid',
    gap: '4px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  sms: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  loading: { height: '320px' },
});

function FollowUpForm({ initial, onSaved, api, notify, shell }: TabProps & { initial: ContactSettings; onSaved: (settings: ContactSettings) => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [settings, setSettings] = useState(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  // The server's message per field stays until that field is edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const save = useMutation((input: ActionInput<'saveFollowUpSettings'>) => api.saveFollowUpSettings(input), {
    notify,
    onSuccess: (answer) => {
      setSettings(answer.data);
      setDraft(draftOf(answer.data));
      onSaved(answer.data);
    },
    onError: () => setEdited(new Set()),
  });

  const fieldError = (field: TextField) => localErrors[field] ?? (edited.has(field) ? undefined : save.fieldErrors[field]);
  const validation = (field: TextField) => {
    const message = fieldError(field);
    return message ? { validationMessage: message, validationState: 'error' as const } : {};
  };
  const shownFieldErrors = (['followUpText', 'followUpTime', 'followUpTextCourse', 'followUpTimeCourse', 'reminderLeadHours'] as const).some((field) => fieldError(field));
  const otherError = save.error !== null && !shownFieldErrors ? save.error : null;

  function setText(field: TextField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
    setLocalErrors(({ [field]: _, ...rest }) => rest);
  }
  function setSwitch(field: SwitchField, value: boolean) {
    setDraft((current) => ({ ...current, [field]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = inputOf(draft);
    if ('errors' in checked) {
      setLocalErrors(checked.errors);
      return;
    }
    setLocalErrors({});
    void save.run(checked.input);
  }

  const therapistName = `${shell.therapist?.nameFirst ?? ''} ${shell.therapist?.nameLast ?? ''}`.trim();
  const clinic = [settings.clinicName, settings.clinicAddress].filter(Boolean).join(', ');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={T.label}>
      <section className={styles.section} aria-labelledby="contact-follow-up-treatment">
        <Subtitle2 as="h2" id="contact-follow-up-treatment" className={styles.heading}>
          {T.treatment}
        </Subtitle2>
        <Switch label={T.treatmentSwitch} checked={draft.followUp} disabled={save.pending} onChange={(_, data) => setSwitch('followUp', data.checked)} />
        <Field label={T.text} required={draft.followUp} {...validation('followUpText')}>
          <Textarea value={draft.followUpText} maxLength={FOLLOW_UP_TEXT_MAX} rows={4} resize="vertical" disabled={save.pending} onChange={(_, data) => setText('followUpText', data.value)} />
        </Field>
        <Field label={T.days} className={styles.number} {...validation('followUpTime')}>
          <Input type="number" inputMode="numeric" min={1} max={365} value={draft.followUpTime} disabled={save.pending} onChange={(_, data) => setText('followUpTime', data.value)} />
        </Field>
        <Caption1 className={styles.hint}>{T.followUpHint}</Caption1>
      </section>

      <section className={styles.section} aria-labelledby="contact-follow-up-course">
        <Subtitle2 as="h2" id="contact-follow-up-course" className={styles.heading}>
          {T.course}
        </Subtitle2>
        <Switch label={T.courseSwitch} checked={draft.followUpCourse} disabled={save.pending} onChange={(_, data) => setSwitch('followUpCourse', data.checked)} />
        <Field label={T.text} required={draft.followUpCourse} {...validation('followUpTextCourse')}>
          <Textarea
            value={draft.followUpTextCourse}
            maxLength={FOLLOW_UP_TEXT_MAX}
            rows={4}
            resize="vertical"
            disabled={save.pending}
            onChange={(_, data) => setText('followUpTextCourse', data.value)}
          />
        </Field>
        <Field label={T.days} className={styles.number} {...validation('followUpTimeCourse')}>
          <Input type="number" inputMode="numeric" min={1} max={365} value={draft.followUpTimeCourse} disabled={save.pending} onChange={(_, data) => setText('followUpTimeCourse', data.value)} />
        </Field>
      </section>

      <section className={styles.section} aria-labelledby="contact-reminders">
        <Subtitle2 as="h2" id="contact-reminders" className={styles.heading}>
          {T.reminders}
        </Subtitle2>
        <Switch label={T.remindersSwitch} checked={draft.reminders} disabled={save.pending} onChange={(_, data) => setSwitch('reminders', data.checked)} />
        <Field label={T.leadHours} className={styles.number} {...validation('reminderLeadHours')}>
          <Input type="number" inputMode="numeric" min={1} max={168} value={draft.reminderLeadHours} disabled={save.pending} onChange={(_, data) => setText('reminderLeadHours', data.value)} />
        </Field>
        <Caption1 className={styles.hint}>{T.remindersHint}</Caption1>
        <div className={styles.preview}>
          <Text weight="semibold">{T.mentions(clinic)}</Text>
          <Caption1>{T.preview}</Caption1>
          <Text className={styles.sms}>{reminderPreview(settings, therapistName)}</Text>
        </div>
        {!settings.clinicAddress && (
          <MessageBar intent="warning">
            <MessageBarBody>
              {T.missingAddress}{' '}
              <Link
                href={shell.pages.settings('/Kontakt')}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(shell.pages.settings('/Kontakt'));
                }}
              >
                {T.settingsLink}
              </Link>
            </MessageBarBody>
          </MessageBar>
        )}
      </section>

      {otherError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{otherError}</MessageBarBody>
        </MessageBar>
      )}
      <div>
        <Button type="submit" appearance="primary" disabled={save.pending} icon={save.pending ? <Spinner size="tiny" /> : undefined}>
          {save.pending ? texts.saving : texts.save}
        </Button>
      </div>
    </form>
  );
}

export default function FollowUpTab(props: TabProps) {
  const styles = useStyles();
  const settings = useQuery(FOLLOW_UP_SETTINGS, async () => (await props.api.followUpSettings()).data);
  const { setData } = settings;
  if (settings.data === undefined) {
    return settings.error !== null ? (
      <LoadError title={T.loadFailed} detail={settings.error} retryLabel={texts.retry} onRetry={() => void settings.refresh()} />
    ) : (
      <Skeleton aria-label={texts.loading}>
        <SkeletonItem className={styles.loading} />
      </Skeleton>
    );
  }
  // The form starts from the settings as loaded; a save answers the stored settings, which it shows from then on.
  return <FollowUpForm {...props} initial={settings.data} onSaved={(saved) => setData(() => saved)} />;
}
