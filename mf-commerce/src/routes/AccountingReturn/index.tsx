/**
 * The accounting-verification return route (spec 3 §2, `/payment/dinero-verification`, core ACCOUNTING_RETURN_PATH,
 * loaded lazily by the /payment/* page; §2 'Accounting-service transfer result'): Dinero's (or the sandbox's) consent
 * page sends the browser back here with `code` and `state`. The server exchanges the code once and starts the transfer
 * in the background; the page's address then names the run (`?run=<n>`, the code leaves the address), and
 * the page asks how far it has come every second: a progress bar with the counts so far, then the counts for invoices,
 * treatments and patients and 'Fortsæt' to /Kalender. A reload, or coming back later, shows the same run and its
 * result. A failure shows 'Overførelse fejlede' with a support link ('Something went wrong...!' when the call itself
 * failed). The shell's therapist is reloaded once the connection is made (it shows the sync icon).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Body1, Button, Link, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { ACCOUNTING_POLL_MS } from '@klinik/core';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, useQuery } from '@klinik/ui';
import { accountingApi, accountingKeys, transferOnce, type TransferResultAnswer, type TransferRun } from '../../accounting/api';
import { SUPPORT_HREF, accountingTexts } from '../../accounting/texts';

const T = accountingTexts.result;
const ADD_ONS_PATH = '/Tilføjelser';
const KINDS = ['invoice', 'product', 'contact'] as const;

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '720px', minWidth: 0 },
  panel: { display: 'grid', gap: '12px', padding: '20px', borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, minWidth: 0 },
  title: { display: 'flex', alignItems: 'center', gap: '10px', margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  success: { color: tokens.colorPaletteGreenForeground1, fontSize: '28px' },
  failed: { color: tokens.colorPaletteRedForeground1, fontSize: '28px' },
  counts: { display: 'grid', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  // One line per kind on wide screens; on a phone the figures wrap under the kind's name.
  count: { display: 'flex', flexWrap: 'wrap', gap: '4px 16px', padding: '8px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  kind: { flexBasis: '110px', flexGrow: 1 },
  figure: { flexBasis: '120px', flexGrow: 1, whiteSpace: 'nowrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

/** The counts per kind as a list (one line each), read in full by screen readers. */
function Counts({ counts }: { counts: TransferResultAnswer['data'] | TransferRun['counts'] }) {
  const styles = useStyles();
  const C = T.columns;
  return (
    <ul className={styles.counts} aria-label={T.table}>
      {KINDS.map((kind) => {
        const count = counts[kind];
        return (
          <li key={kind} className={styles.count} data-kind={kind}>
            <strong className={styles.kind}>{T.kinds[kind]}</strong>
            <span className={styles.figure}>
              {C.success}: {count.success}
            </span>
            <span className={styles.figure}>
              {C.alreadyAdded}: {count.alreadyAdded}
            </span>
            <span className={styles.figure}>
              {C.fail}: {count.fail}
            </span>
            <span className={styles.figure}>
              {C.total}: {count.total}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Failed({ detail, children }: { detail: string | null; children?: ReactNode }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.panel} role="alert" data-outcome="failed">
      <h2 className={styles.title}>
        <DismissCircleRegular className={styles.failed} aria-hidden />
        {T.failed}
      </h2>
      {detail && <Body1>{detail}</Body1>}
      {children}
      <Body1>{T.failedHint}</Body1>
      <div className={styles.actions}>
        <Link href={SUPPORT_HREF}>{T.support}</Link>
        <Button onClick={() => navigate(ADD_ONS_PATH)}>{T.toAddOns}</Button>
      </div>
    </div>
  );
}

const active = (run: TransferRun | null | undefined) => run?.status === 'queued' || run?.status === 'running';

/** The run's number in the address (`?run=<n>`), when it is a whole number. */
function runNumber(value: string | null): number | null {
  const number = value && /^\d{1,10}$/.test(value) ? Number(value) : null;
  return number && number > 0 ? number : null;
}

export default function AccountingReturnPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const api = useMemo(() => accountingApi(shell.client), [shell.client]);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const named = runNumber(params.get('run'));
  const start = useQuery(!named && code && state && !denied ? accountingKeys.transfer(code) : null, async () => {
    const answer = await transferOnce(api, code!, state!);
    // The shell shows the connection (the sync icon) from the therapist record.
    await shell.refreshTherapist().catch(() => undefined);
    return answer;
  });
  const number = named ?? start.data?.data.number ?? null;
  // The address names the run from now on: a reload shows it, and the code (used once) leaves the browser's history.
  useEffect(() => {
    if (!named && start.data) setParams({ run: String(start.data.data.number) }, { replace: true });
  }, [named, start.data, setParams]);
  const run = useQuery(number ? accountingKeys.run(number) : null, () => api.run(number!));
  const running = active(run.data);
  const refresh = run.refresh;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), ACCOUNTING_POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  const current = run.data;
  const result = current?.result ?? null;
  const error = start.error ?? run.error;
  let body: ReactNode;
  if (!named && (denied || !code || !state)) {
    body = <Failed detail={denied ? T.denied : T.missingCode} />;
  } else if (error) {
    body = <Failed detail={`${T.exception} ${error}`} />;
  } else if (!current || !result) {
    const measured = current && current.total > 0;
    body = (
      <div className={styles.panel} role="status" aria-busy="true" data-outcome="running">
        <ProgressBar aria-label={T.progress} value={measured ? current.done / current.total : undefined} />
        <Body1>{current?.status === 'queued' ? T.waiting : T.progress}</Body1>
        {measured && <Body1>{T.progressCount(current.done, current.total)}</Body1>}
        {current && current.status !== 'queued' && <Counts counts={current.counts} />}
        <Body1>{T.progressHint}</Body1>
      </div>
    );
  } else if (result.status === 'failed') {
    body = (
      <Failed detail={result.message}>
        <Counts counts={result.data} />
      </Failed>
    );
  } else {
    body = (
      <div className={styles.panel} role="status" data-outcome="success">
        <h2 className={styles.title}>
          <CheckmarkCircleRegular className={styles.success} aria-hidden />
          {T.done}
        </h2>
        <Body1>{T.organization(result.data.dineroOrgId)}</Body1>
        <Counts counts={result.data} />
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => navigate(shell.pages.calendar())}>
            {T.continue}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <section className={styles.page}>
      <PageHeader title={T.heading} />
      {body}
    </section>
  );
}
