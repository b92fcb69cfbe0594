/**
 * `/NewClientForm` (spec 2 §4, §5): the intake form. Two tabs, 'Personlige oplysninger' and
 * 'Spørgsmål'; 'Send formular' adds the client and mails the form link with the chosen questions. The draft of
 * the personal details is kept in localStorage for 20 minutes, without the CPR digits. Messages clear after 7 s.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarBody, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { isCprBirthDate, type RemotePageProps } from '@klinik/core/rules';
import { FORM_MESSAGE_MS } from '@klinik/core/records';
import { ActionError } from '@klinik/core/client';
import { PageHeader, partOnDemand, useNotifications } from '@klinik/ui';
import { clientsApi } from '../../api';
import { FormLink } from './FormLink';
import { PersonalTab } from './PersonalTab';
import {
  EMPTY_PERSONAL,
  PERSONAL_FIELDS,
  clearDraft,
  personalProblem,
  personalProblems,
  readDraft,
  splitServerErrors,
  writeDraft,
  type PersonalErrors,
  type PersonalField,
  type PersonalFields,
} from './personal';
import { texts } from './texts';

// What the public pages handed in: loaded only when its tab is opened.
const ReviewTab = partOnDemand(async () => ({ default: (await import('./ReviewTab')).ReviewTab }), <Text role="status">{texts.loadingReview}</Text>);

// The questions tab (list, editor, selects) loads on its own, so the page's first load stays inside its budget. Both
// tabs show the moment their code is in (partOnDemand, @klinik/ui).
const QuestionsTab = partOnDemand(async () => ({ default: (await import('./QuestionsTab')).QuestionsTab }), <Text role="status">{texts.loadingQuestions}</Text>);

type TabValue = 'personal' | 'questions' | 'review';
type Message = { text: string; intent: 'success' | 'error' | 'warning' | 'info' };

const useStyles = makeStyles({
  // One column no wider than the page: its widest part (the form link's field) does not widen the form past a phone's
  // screen.
  page: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '12px', maxWidth: '960px' },
  // Every tab in sight: on a phone the strip wraps onto a second line rather than hiding tabs past its edge.
  tabs: { flexWrap: 'wrap' },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '16px',
  },
  footer: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '16px',
  },
  send: { display: 'flex', flexWrap: 'wrap', gap: '8px 12px', alignItems: 'center', justifyContent: 'space-between' },
  hint: { color: tokens.colorNeutralForeground3, flexBasis: '320px', flexGrow: 1 },
});

function initialFields(now: number): { fields: PersonalFields; restored: boolean } {
  const draft = readDraft(now);
  return { fields: { ...EMPTY_PERSONAL, ...draft }, restored: draft !== null };
}

export default function NewClientFormPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => clientsApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const [initial] = useState(() => initialFields(Date.now()));
  const [fields, setFields] = useState<PersonalFields>(initial.fields);
  const [errors, setErrors] = useState<PersonalErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<PersonalField>>(() => new Set());
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [tab, setTab] = useState<TabValue>('personal');
  const [questionsOpened, setQuestionsOpened] = useState(false);
  const [sending, setSending] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [message, setMessage] = useState<Message | null>(initial.restored ? { text: texts.draftRestored, intent: 'info' } : null);
  const edited = useRef(false);
  const therapistId = shell.therapist?.id ?? '';

  // Spec 2 §4: messages clear after 7 s.
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), FORM_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  // The draft follows the user's typing (not the restore itself, which would extend its 20 minutes).
  useEffect(() => {
    if (edited.current) writeDraft(fields, Date.now());
  }, [fields]);

  // Fetch the questions tab's code once the page is idle, so opening the tab does not wait for it.
  useEffect(() => {
    const timer = window.setTimeout(() => void QuestionsTab.preload().catch(() => undefined), 1500);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (tab === 'questions') setQuestionsOpened(true);
  }, [tab]);

  const showMessage = useCallback((text: string, intent: Message['intent']) => setMessage({ text, intent }), []);
  const onSelectedChange = useCallback((update: (current: readonly string[]) => readonly string[]) => setSelected(update), []);

  function change(field: PersonalField, value: string) {
    edited.current = true;
    const next = { ...fields, [field]: value };
    setFields(next);
    // Checked again as it changes once the user has left the field or tried to send (spec 2 §5: email on change).
    if (touched.has(field) || errors[field]) setErrors((current) => ({ ...current, [field]: personalProblem(field, next, Date.now()) }));
  }

  function blur(field: PersonalField) {
    if (!fields[field] && !touched.has(field)) return; // tabbing through an empty form shows no errors yet
    setTouched((current) => new Set(current).add(field));
    setErrors((current) => ({ ...current, [field]: personalProblem(field, fields, Date.now()) }));
  }

  async function generateCode() {
    if (!isCprBirthDate(fields.CPR6Digit)) {
      setErrors((current) => ({ ...current, CPR6Digit: texts.errors.CPR6Digit }));
      return;
    }
    setGenerating(true);
    try {
      const answer = await api.lastDigit(fields.CPR6Digit);
      setFields((current) => ({ ...current, CPRLast4Digit: answer.data.lastDigit }));
      setErrors((current) => ({ ...current, CPRLast4Digit: undefined }));
    } catch (reason) {
      const text = reason instanceof Error ? reason.message : String(reason);
      const fieldErrors = reason instanceof ActionError ? splitServerErrors(reason.errors).fields : {};
      setErrors((current) => ({ ...current, CPRLast4Digit: `Fejl: ${text}`, ...fieldErrors }));
    } finally {
      setGenerating(false);
    }
  }

  async function send() {
    const problems = personalProblems(fields, Date.now());
    setTouched(new Set(PERSONAL_FIELDS));
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setTab('personal');
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const answer = await api.addClient({ client: fields, ids: [...selected] });
      // Spec 2 §4: the stored draft is cleared, fields reset and selected questions cleared.
      clearDraft();
      edited.current = false;
      setFields(EMPTY_PERSONAL);
      setErrors({});
      setTouched(new Set());
      setSelected([]);
      // 'e-mail er blevet sendt!'; if the mail failed the client exists anyway and the server says so.
      setMessage({ text: answer.message, intent: answer.message === texts.mailSent ? 'success' : 'warning' });
    } catch (reason) {
      if (reason instanceof ActionError) {
        const { fields: fieldErrors, other } = splitServerErrors(reason.errors);
        if (Object.keys(fieldErrors).length > 0) {
          setErrors(fieldErrors);
          setTab('personal');
        }
        if (other.length > 0 || Object.keys(fieldErrors).length === 0) setMessage({ text: other.length ? other.join(' ') : reason.message, intent: 'error' });
      } else {
        setMessage({ text: String(reason), intent: 'error' });
      }
    } finally {
      setSending(false);
    }
  }

  const link = therapistId ? shell.publicLinks.clientForm(therapistId, selected) : '';

  return (
    <section className={styles.page}>
      {toaster}
      <PageHeader title={texts.title} />
      {message && (
        <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabValue)} aria-label={texts.tabsLabel}>
        <Tab value="personal" id="new-client-tab-personal" aria-controls="new-client-panel-personal">
          {texts.personalTab}
        </Tab>
        <Tab value="questions" id="new-client-tab-questions" aria-controls="new-client-panel-questions">
          {texts.questionsTab}
        </Tab>
        <Tab value="review" id="new-client-tab-review" aria-controls="new-client-panel-review">
          {texts.reviewTab}
        </Tab>
      </TabList>
      {/* Both panels stay mounted, so switching tabs keeps what was typed and the loaded questions. */}
      <div role="tabpanel" id="new-client-panel-personal" aria-labelledby="new-client-tab-personal" hidden={tab !== 'personal'} className={styles.panel}>
        <PersonalTab
          fields={fields}
          errors={errors}
          disabled={sending}
          generating={generating}
          onChange={change}
          onBlur={blur}
          onGenerate={() => void generateCode()}
        />
      </div>
      <div role="tabpanel" id="new-client-panel-questions" aria-labelledby="new-client-tab-questions" hidden={tab !== 'questions'} className={styles.panel}>
        {(questionsOpened || tab === 'questions') && (
          <QuestionsTab api={api} selected={selected} onSelectedChange={onSelectedChange} onMessage={showMessage} notify={notify} />
        )}
      </div>
      {tab === 'review' && (
        <div role="tabpanel" id="new-client-panel-review" aria-labelledby="new-client-tab-review" className={styles.panel}>
          <ReviewTab api={api} notify={notify} />
        </div>
      )}
      <div className={styles.footer}>
        <FormLink url={link} />
        <div className={styles.send}>
          <Text className={styles.hint}>{texts.sendHint}</Text>
          <Button appearance="primary" icon={<SendRegular />} onClick={() => void send()} disabled={sending}>
            {sending ? texts.sending : texts.send}
          </Button>
        </div>
      </div>
    </section>
  );
}
