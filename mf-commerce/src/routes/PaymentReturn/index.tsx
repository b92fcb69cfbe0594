/**
 * `/payment/*` (spec 3 §2; spec 1, payment return): where the provider's checkout page sends the browser back.
 * - `/payment/success?id=…&invoice=…&customer=…`: asks the server for the charge (`registerInvoice` with `invoice`) and
 *   shows what it knows, never what the address says: settled with the plan usable → success and the way to the
 *   calendar; refused, cancelled or not settled yet → that, honestly. The shell's therapist is reloaded with it, so
 *   the menus unlock as soon as the plan is Pro. Pro bought during the trial comes back without an invoice (nothing
 *   was charged): the reloaded therapist says whether Pro is ordered, and from when.
 * - `/payment/cancel`: the owner left the checkout page; nothing was charged; back to the page the purchase started on.
 * - `/payment/storage-success`, `/payment/importdata-success` (`?id=…&invoice=…&customer=…`): a one-time add-on's
 *   return page: the charge as the server knows it (`singleTimePaymentSuccess`); bought data import leads on to the
 *   upload ('Upload filere').
 * - `/payment/dinero-verification?code=…&state=…` (then `?run=<n>`): the accounting integration's return page
 *   (AccountingReturn, loaded when visited).
 */
import { useMemo, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Body1, Button, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular, HourglassHalfRegular, InfoRegular } from '@fluentui/react-icons';
import { formatKroner, isProScheduled, type RemotePageProps } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { QueryView, useQuery } from '@klinik/ui';
import { commerceApi, queryKeys } from '../../api';
import { lazyPart } from '../../components/lazyPart';
import { returnPath } from '../../purchase/checkout';
import { texts } from '../../texts';
import { oneTimeOutcome, returnOutcome, untilFinal, type ReturnOutcome } from './outcome';

const T = texts.paymentReturn;
const AccountingReturn = lazyPart(() => import('../AccountingReturn'));
const PLAN_PATH = '/planlægge';
const TRANSACTIONS_PATH = '/Transactions';
const ADD_ONS_PATH = '/Tilføjelser';
/** The provider's customer handle as the contract accepts it; anything else is not passed on. */
const CUSTOMER_HANDLE = /^[A-Za-z0-9_-]{1,40}$/;

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '640px', minWidth: 0 },
  heading: { margin: 0 },
  panel: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: '12px 16px',
    alignItems: 'start',
    padding: '20px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  icon: { fontSize: '32px' },
  success: { color: tokens.colorPaletteGreenForeground1 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  waiting: { color: tokens.colorNeutralForeground3 },
  text: { display: 'grid', gap: '8px', minWidth: 0 },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '4px' },
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function Outcome({ kind, title, children, actions }: { kind: ReturnOutcome | 'info'; title: string; children: ReactNode; actions?: ReactNode }) {
  const styles = useStyles();
  const Icon = kind === 'success' ? CheckmarkCircleRegular : kind === 'failed' || kind === 'cancelled' ? DismissCircleRegular : kind === 'waiting' ? HourglassHalfRegular : InfoRegular;
  const tone = kind === 'success' ? styles.success : kind === 'failed' || kind === 'cancelled' ? styles.failed : styles.waiting;
  return (
    <div className={styles.panel} role="status" data-outcome={kind}>
      <Icon className={`${styles.icon} ${tone}`} aria-hidden />
      <div className={styles.text}>
        <h2 className={styles.title}>{title}</h2>
        <Body1 as="p" style={{ margin: 0 }}>
          {children}
        </Body1>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}

function PaymentSuccess({ shell }: RemotePageProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const api = useMemo(() => commerceApi(shell.client), [shell.client]);
  const invoice = params.get('invoice');
  const customer = params.get('customer');
  const customerHandle = customer && CUSTOMER_HANDLE.test(customer) ? customer : null;
  // Back from ordering Pro during the trial (the provider's `id`, no invoice): the server's plan says if it is ordered.
  const ordered = useQuery(!invoice && params.get('id') ? ['getTherapist', 'proOrdered'] : null, () =>
    untilFinal(() => shell.refreshTherapist(), (me) => (me && isProScheduled(me.company) ? 'success' : 'waiting'), wait),
  );
  const payment = useQuery(invoice ? queryKeys.payment(invoice) : null, async () => {
    // Asked again briefly while the provider has not settled it (or its webhook has not reached the plan yet).
    const answer = await untilFinal(() => api.payment(invoice!, customerHandle), (charge) => returnOutcome(charge, Date.now()), wait);
    // The plan may have changed: the shell's menus and gates follow the server.
    await shell.refreshTherapist();
    return answer;
  });

  const startsAt = ordered.data && isProScheduled(ordered.data.company) ? ordered.data.company.proStartsAt : null;
  if (!invoice && ordered.loading) return <Spinner label={T.checking} />;
  if (!invoice && startsAt != null) {
    return (
      <Outcome
        kind="success"
        title={T.orderedTitle}
        actions={
          <Button appearance="primary" onClick={() => navigate(shell.pages.calendar())}>
            {T.toCalendar}
          </Button>
        }
      >
        {T.orderedBody(formatDanishDate(startsAt))}
      </Outcome>
    );
  }
  if (!invoice) {
    return (
      <Outcome kind="info" title={T.heading} actions={<Button onClick={() => navigate(TRANSACTIONS_PATH)}>{T.toTransactions}</Button>}>
        {T.missingInvoice}
      </Outcome>
    );
  }
  return (
    <QueryView query={payment} errorTitle={T.loadFailed} loading={<Spinner label={T.checking} />}>
      {(charge) => {
        const outcome = returnOutcome(charge, Date.now());
        const amount = formatKroner(charge.amount);
        if (outcome === 'success') {
          return (
            <Outcome
              kind="success"
              title={T.successTitle}
              actions={
                <Button appearance="primary" onClick={() => navigate(shell.pages.calendar())}>
                  {T.toCalendar}
                </Button>
              }
            >
              {T.successBody(charge.ordertext, amount)}
            </Outcome>
          );
        }
        if (outcome === 'failed') {
          return (
            <Outcome kind="failed" title={T.failedTitle} actions={<Button appearance="primary" onClick={() => navigate(returnPath(PLAN_PATH))}>{T.tryAgain}</Button>}>
              {T.failedBody}
            </Outcome>
          );
        }
        if (outcome === 'cancelled') {
          return (
            <Outcome kind="cancelled" title={T.cancelledTitle} actions={<Button onClick={() => navigate(returnPath(PLAN_PATH))}>{T.back}</Button>}>
              {T.cancelledBody}
            </Outcome>
          );
        }
        return (
          <Outcome
            kind="waiting"
            title={T.waitingTitle}
            actions={
              <Button appearance="primary" disabled={payment.refreshing} icon={payment.refreshing ? <Spinner size="tiny" /> : undefined} onClick={() => void payment.refresh()}>
                {T.checkAgain}
              </Button>
            }
          >
            {T.waitingBody}
          </Outcome>
        );
      }}
    </QueryView>
  );
}

/** The return of a one-time add-on purchase (storage or data import). */
function OneTimeReturn({ shell, addOn }: RemotePageProps & { addOn: 'storage' | 'importdata' }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const api = useMemo(() => commerceApi(shell.client), [shell.client]);
  const invoice = params.get('invoice');
  const payment = useQuery(invoice ? queryKeys.oneTimePayment(invoice) : null, () => untilFinal(() => api.oneTimePayment(invoice!), oneTimeOutcome, wait));
  const back = <Button onClick={() => navigate(returnPath(ADD_ONS_PATH))}>{T.toAddOns}</Button>;

  if (!invoice) {
    return (
      <Outcome kind="info" title={addOn === 'storage' ? T.storageHeading : T.importHeading} actions={<Button onClick={() => navigate(TRANSACTIONS_PATH)}>{T.toTransactions}</Button>}>
        {T.missingInvoice}
      </Outcome>
    );
  }
  return (
    <QueryView query={payment} errorTitle={T.loadFailed} loading={<Spinner label={T.checking} />}>
      {(charge) => {
        const outcome = oneTimeOutcome(charge);
        if (outcome === 'success') {
          const paid = T.successBody(charge.addOnName, formatKroner(charge.amount));
          return charge.addOn === 'importdata' ? (
            <Outcome
              kind="success"
              title={T.importSuccessTitle}
              actions={
                <Button appearance="primary" onClick={() => navigate(shell.pages.importData())}>
                  {T.upload}
                </Button>
              }
            >
              {`${paid} ${T.importSuccessBody}`}
            </Outcome>
          ) : (
            <Outcome kind="success" title={charge.addOn === 'storage' ? T.storageSuccessTitle : T.successTitle} actions={back}>
              {paid}
            </Outcome>
          );
        }
        if (outcome === 'waiting') {
          return (
            <Outcome
              kind="waiting"
              title={T.waitingTitle}
              actions={
                <Button appearance="primary" disabled={payment.refreshing} onClick={() => void payment.refresh()}>
                  {T.checkAgain}
                </Button>
              }
            >
              {T.waitingBody}
            </Outcome>
          );
        }
        return (
          <Outcome kind={outcome} title={outcome === 'failed' ? T.failedTitle : T.cancelledTitle} actions={back}>
            {outcome === 'failed' ? T.failedBody : T.cancelledBody}
          </Outcome>
        );
      }}
    </QueryView>
  );
}

function PaymentCancelled() {
  const navigate = useNavigate();
  return (
    <Outcome kind="cancelled" title={T.cancelledTitle} actions={<Button appearance="primary" onClick={() => navigate(returnPath(PLAN_PATH))}>{T.back}</Button>}>
      {T.cancelledBody}
    </Outcome>
  );
}

export default function PaymentReturnPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const page = useParams()['*'] ?? '';
  if (page === 'dinero-verification') return <AccountingReturn shell={shell} />;
  let heading: string = T.heading;
  let body: ReactNode;
  if (page === 'success') body = <PaymentSuccess shell={shell} />;
  else if (page === 'cancel') body = <PaymentCancelled />;
  else if (page === 'storage-success') {
    heading = T.storageHeading;
    body = <OneTimeReturn shell={shell} addOn="storage" />;
  } else if (page === 'importdata-success') {
    heading = T.importHeading;
    body = <OneTimeReturn shell={shell} addOn="importdata" />;
  } else body = <Outcome kind="info" title={T.heading}>{T.unknownPage}</Outcome>;
  return (
    <section className={styles.page}>
      <Title2 as="h1" className={styles.heading}>
        {heading}
      </Title2>
      {body}
    </section>
  );
}
