/**
 * `/Kontakt` (spec 2: Newsletter and follow-up settings), four tabs: 'Nyhedsbreve' (the clinic's public
 * sign-up link; write, send, follow a sending), 'Opfølgning og påmindelser' (follow-up mails and SMS reminders),
 * 'Beskeder' (scheduled and sent messages) and 'SMS-forbrug'. Each tab's code arrives when it is first opened (the
 * newsletter editor only with its dialog), so the page's first load stays inside its budget. The two tabs where one
 * writes stay mounted once opened, so switching back keeps what was typed (and a sending's progress is followed
 * meanwhile); the two lists load afresh each time they are shown.
 */
import { useMemo, useState, type ComponentType } from 'react';
import { Caption1, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { RemotePageProps } from '@klinik/core/rules';
import { LoadError, PageHeader, retryable, useNotifications } from '@klinik/ui';
import { contactApi } from '../../api';
import { texts } from './texts';
import type { TabProps } from './types';

function lazyTab(load: () => Promise<{ default: ComponentType<TabProps> }>) {
  return retryable(load, {
    fallback: <Caption1 role="status">{texts.loading}</Caption1>,
    renderError: (error, retry) => <LoadError title={texts.partFailed} detail={error.message} retryLabel={texts.retry} onRetry={retry} />,
  });
}

const TABS = {
  newsletters: lazyTab(() => import('./NewslettersTab')),
  followUp: lazyTab(() => import('./FollowUpTab')),
  messages: lazyTab(() => import('./MessagesTab')),
  sms: lazyTab(() => import('./SmsTab')),
};
type TabValue = keyof typeof TABS;
const TAB_VALUES = Object.keys(TABS) as TabValue[];
const KEPT_MOUNTED: ReadonlySet<TabValue> = new Set(['newsletters', 'followUp']);

const useStyles = makeStyles({
  page: { display: 'grid', gap: '12px', maxWidth: '1100px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  // Every tab in sight: on a phone the strip wraps onto a second line rather than hiding tabs past its edge.
  tabs: { flexWrap: 'wrap' },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '16px',
    minWidth: 0,
  },
});

export default function ContactPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => contactApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const [tab, setTab] = useState<TabValue>('newsletters');
  const [opened, setOpened] = useState<ReadonlySet<TabValue>>(() => new Set(['newsletters']));

  function select(value: TabValue) {
    setTab(value);
    if (KEPT_MOUNTED.has(value)) setOpened((current) => (current.has(value) ? current : new Set(current).add(value)));
  }

  return (
    <section className={styles.page}>
      {toaster}
      <PageHeader title={texts.title} />
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => select(data.value as TabValue)} aria-label={texts.tabsLabel}>
        {TAB_VALUES.map((value) => (
          <Tab key={value} value={value} id={`contact-tab-${value}`} aria-controls={`contact-panel-${value}`}>
            {texts.tabs[value]}
          </Tab>
        ))}
      </TabList>
      {TAB_VALUES.filter((value) => value === tab || opened.has(value)).map((value) => {
        const Panel = TABS[value];
        return (
          <div key={value} role="tabpanel" id={`contact-panel-${value}`} aria-labelledby={`contact-tab-${value}`} hidden={tab !== value} className={styles.panel}>
            <Panel api={api} notify={notify} shell={shell} />
          </div>
        );
      })}
    </section>
  );
}
