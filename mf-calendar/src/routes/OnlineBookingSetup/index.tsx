/**
 * `/Onlinereservation` (spec 2 §2): how a clinic puts its booking online. Three tabs: the setup guide (the form's
 * on/off switch, the booking link and an iframe tag for the clinic's own website, each with a copy button),
 * the confirmation mail (bookingMail on/off and the clinic's own text), and the holidays closed for online booking.
 * A button leads to /Kalender.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Field,
  Input,
  Switch,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CalendarLtrRegular, CopyRegular, OpenRegular } from '@fluentui/react-icons';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, QueryView, partOnDemand, useMutation, useNotifications, useQuery } from '@klinik/ui';
import type { ActionInput } from '@klinik/core';
import PortalSettings from './PortalSettings';
import { panel } from './styles';
import { onlineSetupApi } from './api';
import { onlineSetupTexts } from './texts';

const T = onlineSetupTexts;
// The mail tab's editor arrives when the tab is opened, and shows as soon as it has (partOnDemand, @klinik/ui).
const MailSettings = partOnDemand(() => import('./MailSettings'), <Text role="status">{T.loading}</Text>);
const HolidaySettings = partOnDemand(() => import('./HolidaySettings'), <Text role="status">{T.loading}</Text>);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '860px' },
  card: panel,
  // Every tab in sight: on a phone the strip wraps onto a second line rather than hiding tabs past its edge.
  tabs: { flexWrap: 'wrap' },
  link: { color: tokens.colorBrandForegroundLink, display: 'inline-flex', gap: '4px', alignItems: 'center', width: 'fit-content' },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-start', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '220px' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  block: {
    padding: '6px 10px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    resize: 'vertical',
    ':focus': { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-1px' },
  },
  steps: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end' },
});

/** The iframe tag a clinic pastes into its website: full width, tall enough for the longest step on a phone. */
export function iframeTag(url: string): string {
  return `<iframe src="${url}" title="Online booking" style="width:100%;min-height:760px;border:0" loading="lazy"></iframe>`;
}

function CopyField({ label, hint, value, multiline }: { label: string; hint: string; value: string; multiline?: boolean }) {
  const styles = useStyles();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // Without clipboard access (an old browser, a denied permission) the text is selected for a manual copy.
      field.current?.select();
      setState('failed');
    }
  };
  return (
    <Field label={label} hint={state === 'failed' ? T.copyFailed : hint} validationState={state === 'copied' ? 'success' : 'none'} validationMessage={state === 'copied' ? T.copied : undefined}>
      <div className={styles.row}>
        {multiline ? (
          // A plain read-only text area: a code block to copy needs none of Fluent's editing behaviour.
          <textarea ref={field} aria-label={label} className={`${styles.grow} ${styles.code} ${styles.block}`} readOnly value={value} rows={3} onFocus={(event) => event.currentTarget.select()} />
        ) : (
          <Input ref={field} className={`${styles.grow} ${styles.code}`} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        )}
        <Button icon={<CopyRegular />} onClick={() => void copy()} aria-label={`${T.copy}: ${label}`}>
          {state === 'copied' ? T.copied : T.copy}
        </Button>
      </div>
    </Field>
  );
}

export default function OnlineBookingSetupPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const api = useMemo(() => onlineSetupApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const [tab, setTab] = useState<'guide' | 'mail' | 'holidays'>('guide');
  const settings = useQuery(['getOnlineBookingSettings'], () => api.settings());
  // The page shows the server's answer to a change; a refusal keeps what was there, with a toast.
  const save = useMutation((change: ActionInput<'setOnlineBookingSettings'>) => api.setSettings(change), {
    notify,
    successText: T.saved,
    errorToast: true,
    onSuccess: (answer) => settings.setData(() => answer),
  });
  const saveChange = (change: ActionInput<'setOnlineBookingSettings'>) => void save.run(change);
  const therapistId = shell.therapist?.id ?? '';

  const bookingPage = therapistId ? shell.publicLinks.bookingPage(therapistId) : '';
  const embedPage = therapistId ? shell.publicLinks.bookingEmbed(therapistId) : '';

  return (
    <section className={styles.page}>
      {toaster}
      <PageHeader title={T.title}>
        <Button icon={<CalendarLtrRegular />} onClick={() => navigate('/Kalender')}>
          {T.toCalendar}
        </Button>
      </PageHeader>
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'guide' | 'mail' | 'holidays')}>
        <Tab value="guide">{T.tabGuide}</Tab>
        <Tab value="mail">{T.tabMail}</Tab>
        <Tab value="holidays">{T.tabHolidays}</Tab>
      </TabList>
      <QueryView query={settings} errorTitle={T.loadFailed} loading={<Text role="status">{T.loading}</Text>}>
        {({ data }) =>
          tab === 'guide' ? (
            <>
              <div className={styles.card}>
                <Switch label={T.formSwitch} checked={data.bookingFormEnabled} disabled={save.pending} onChange={(_, change) => saveChange({ bookingFormEnabled: change.checked })} />
                <Text className={styles.hint}>{data.bookingFormEnabled ? T.formOn : T.formOff}</Text>
              </div>
              <PortalSettings settings={data} saving={save.pending} isOwner={shell.therapist?.isAdmin === true} onSave={saveChange} />
              <div className={styles.card}>
                <Text weight="semibold">{T.stepsTitle}</Text>
                <ol className={styles.steps}>
                  {T.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </div>
              <div className={styles.card}>
                <CopyField label={T.link} hint={T.linkHint} value={bookingPage} />
                <a className={styles.link} href={bookingPage} target="_blank" rel="noopener noreferrer">
                  <OpenRegular /> {T.open}
                </a>
                <CopyField label={T.embed} hint={T.embedHint} value={iframeTag(embedPage)} multiline />
              </div>
            </>
          ) : tab === 'mail' ? (
            <MailSettings settings={data} saving={save.pending} onSave={saveChange} />
          ) : (
            // The clinic's choice (the owner's), not the therapist's own settings above.
            <HolidaySettings api={api} isOwner={shell.therapist?.isAdmin === true} notify={notify} />
          )
        }
      </QueryView>
    </section>
  );
}
