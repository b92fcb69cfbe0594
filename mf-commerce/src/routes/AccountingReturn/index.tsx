/**
 * The accounting-verification return route (spec 3 §2, `/payment/dinero-verification`, core ACCOUNTING_RETURN_PATH,
 * loaded lazily by the /payment/* page; §2 'Accounting-service transfer result'): Dinero's (or the sandbox's) consent page sends the browser back here with `code` and `state`. The server
 * exchanges the code once and transfers; meanwhile a progress screen, then the counts for invoices, treatments and
 * patients and 'Fortsæt' to /Kalender. A failure shows 'Overførelse fejlede' with a support link ('Something went
 * wrong...!' when the call itself failed). The shell's therapist is reloaded afterwards (it shows the connection).
 */
import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Body1, Button, Link, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, useQuery } from '@klinik/ui';
import { accountingApi, accountingKeys, transferOnce, type TransferAnswer } from '../../accounting/api';
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
function Counts({ result }: { result: TransferAnswer }) {
  const styles = useStyles();
  const C = T.columns;
  return (
    <ul className={styles.counts} aria-label={T.table}>
      {KINDS.map((kind) => {
        const count = result.data[kind];
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

export default function AccountingReturnPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const api = useMemo(() => accountingApi(shell.client), [shell.client]);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const transfer = useQuery(code && state && !denied ? accountingKeys.transfer(code) : null, async () => {
    const answer = await transferOnce(api, code!, state!);
    // The shell shows the connection (the sync icon) from the therapist record.
    await shell.refreshTherapist().catch(() => undefined);
    return answer;
  });

  let body: ReactNode;
  if (denied || !code || !state) {
    body = <Failed detail={denied ? T.denied : T.missingCode} />;
  } else if (transfer.error) {
    body = <Failed detail={`${T.exception} ${transfer.error}`} />;
  } else if (!transfer.data) {
    body = (
      <div className={styles.panel} role="status" aria-busy="true">
        <ProgressBar aria-label={T.progress} />
        <Body1>{T.progress}</Body1>
        <Body1>{T.progressHint}</Body1>
      </div>
    );
  } else if (transfer.data.status === 'failed') {
    body = (
      <Failed detail={transfer.data.message}>
        <Counts result={transfer.data} />
      </Failed>
    );
  } else {
    body = (
      <div className={styles.panel} role="status" data-outcome="success">
        <h2 className={styles.title}>
          <CheckmarkCircleRegular className={styles.success} aria-hidden />
          {T.done}
        </h2>
        <Body1>{T.organization(transfer.data.data.dineroOrgId)}</Body1>
        <Counts result={transfer.data} />
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
