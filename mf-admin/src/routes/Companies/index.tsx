/**
 * `/Companies` (spec 1 §2 'Platform administrator screens', §7 'Platform administrator'), the platform
 * administrator's page inside the shell's admin layout, in three tabs: the companies (edit, enable or disable,
 * delete, each after confirmation; users; SMS year to date), the older newsletter-subscriber list (Tilmeldte, Alle,
 * Trial; CSV export) and the administrator audit log. The companies come with the page; the tab strip just after it
 * (AdminTabs says why), the other two tabs when first opened, and they load afresh each time they are shown.
 */
import { useMemo, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, useNotifications } from '@klinik/ui';
import { adminApi, type AdminApi } from '../../api';
import { lazyPart } from '../../components/lazyPart';
import { ModuleProvider } from '../../module';
import { texts } from '../../texts';
import { TAB_VALUES, type TabValue } from './tabValues';
import { CompaniesTab } from './CompaniesTab';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '12px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  // The room Fluent's medium TabList takes, held while it loads: the same labels, unseen, in tabs of its metrics
  // (12 px above and below a 20 px line, 10 px at the sides, semibold), which wrap as the strip does on a phone.
  tabsPlaceholder: { display: 'flex', flexWrap: 'wrap', minHeight: '44px' },
  tabLabel: {
    padding: '12px 10px',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightSemibold,
    visibility: 'hidden',
  },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '16px',
    minWidth: 0,
  },
});

function TabsPlaceholder() {
  const styles = useStyles();
  return (
    <div className={styles.tabsPlaceholder} aria-hidden>
      {TAB_VALUES.map((value) => (
        <span key={value} className={styles.tabLabel}>
          {texts.page.tabs[value]}
        </span>
      ))}
    </div>
  );
}

const AdminTabs = lazyPart<{ selected: TabValue; onSelect: (value: TabValue) => void }>(() => import('./AdminTabs'), <TabsPlaceholder />);
const SubscribersTab = lazyPart<{ api: AdminApi }>(() => import('./SubscribersTab'));
const AuditLogTab = lazyPart<{ api: AdminApi }>(() => import('./AuditLogTab'));

export default function CompaniesPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => adminApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const services = useMemo(() => ({ api, notify }), [api, notify]);
  const [tab, setTab] = useState<TabValue>('companies');

  return (
    <ModuleProvider value={services}>
      <section className={styles.page}>
        {toaster}
        <PageHeader title={texts.page.title} />
        <AdminTabs selected={tab} onSelect={setTab} />
        {/* The companies stay mounted, so their search, sort and page survive a look at another tab. */}
        <div role="tabpanel" id="admin-panel-companies" aria-labelledby="admin-tab-companies" hidden={tab !== 'companies'} className={styles.panel}>
          <CompaniesTab api={api} notify={notify} />
        </div>
        {tab === 'subscribers' && (
          <div role="tabpanel" id="admin-panel-subscribers" aria-labelledby="admin-tab-subscribers" className={styles.panel}>
            <SubscribersTab api={api} />
          </div>
        )}
        {tab === 'audit' && (
          <div role="tabpanel" id="admin-panel-audit" aria-labelledby="admin-tab-audit" className={styles.panel}>
            <AuditLogTab api={api} />
          </div>
        )}
      </section>
    </ModuleProvider>
  );
}
