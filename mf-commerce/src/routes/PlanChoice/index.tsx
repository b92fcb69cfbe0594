/**
 * `/planlægge` (spec 3, plan choice screen): the free-trial card (only without a pro plan) and the Pro card, each with
 * its 24 features and the button the spec's rules give (core planCardButton). Choosing the free trial starts it on
 * the server (its month from then: the card names the end date before it is chosen), reloads the therapist and goes to
 * /Kalender. Choosing Pro buys it: with saved cards the owner first picks one or a new card ('Vælg betalingsmetode'),
 * without any the provider's checkout page opens at once (in the same tab: purchase/checkout.ts says why). Outside a
 * trial a saved card is charged at once; during a running trial nothing is charged now and Pro starts, with its first
 * charge, the day the trial ends (core proPurchaseTiming; the card says which, with the date). A cancelled Pro plan
 * still in its period is taken up again without a charge. The page is never plan-gated: a clinic whose trial expired
 * can always pay.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Body1, Button, MessageBar, MessageBarBody, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import {
  effectivePlanStatus,
  freeTrialEndIfChosenAt,
  isProScheduled,
  normalizePlanType,
  planCardButton,
  proPurchaseTiming,
  showsFreeTrialCard,
  type RemotePageProps,
  type TherapistView,
} from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { ActionError } from '@klinik/core/client';
import { LoadError, useMutation, useNotifications, useQuery } from '@klinik/ui';
import { commerceApi, queryKeys } from '../../api';
import { lazyPart } from '../../components/lazyPart';
import { Panel } from '../../components/Panel';
import { PurchaseKeys } from '../../purchase/key';
import { useCheckout } from '../../purchase/useCheckout';
import { PLAN_FEATURES, texts } from '../../texts';

const T = texts.planChoice;
/** This page, where the provider's cancel page leads back to. */
const PLAN_PATH = '/planlægge';
const PaymentMethodDialog = lazyPart(() => import('../../components/PaymentMethodDialog'));

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '1040px', minWidth: 0 },
  heading: { margin: 0 },
  cards: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(300px, 100%), 1fr))', alignItems: 'start' },
  card: { gap: '12px' },
  price: { display: 'flex', alignItems: 'baseline', gap: '8px', flexWrap: 'wrap' },
  amount: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightBold, lineHeight: tokens.lineHeightHero800 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '6px' },
  item: { display: 'flex', gap: '8px', alignItems: 'flex-start' },
  check: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, fontSize: '18px', marginTop: '1px' },
});

function FeatureList() {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={T.features}>
      {PLAN_FEATURES.map((feature) => (
        <li key={feature} className={styles.item}>
          <CheckmarkCircleRegular className={styles.check} aria-hidden />
          <Body1>{feature}</Body1>
        </li>
      ))}
    </ul>
  );
}

export default function PlanChoicePage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const api = useMemo(() => commerceApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  // The therapist as the shell knows it; only when it does not yet is it asked for (which also tells the shell).
  const loaded = useQuery(shell.therapist ? null : ['getTherapist'], () => shell.refreshTherapist());
  const therapist: TherapistView | null = shell.therapist ?? loaded.data ?? null;
  const now = Date.now();
  const plan = therapist?.company;
  const isOwner = therapist?.isAdmin ?? false;
  const proButton = plan ? planCardButton('pro', plan, now) : null;
  const canBuyPro = isOwner && proButton !== null && !proButton.disabled;

  // Whether the clinic has saved cards decides whether the payment-method dialog comes first.
  const cards = useQuery(canBuyPro ? queryKeys.cards : null, () => api.cards());
  const [choosing, setChoosing] = useState(false);
  const { leaving, leave } = useCheckout(PLAN_PATH);
  // One idempotency key per purchase the owner starts; a retry of an unanswered attempt reuses it.
  const [keys] = useState(() => new PurchaseKeys());

  // The trial starts on the server; the therapist is reloaded so the menus open before the calendar shows.
  const choose = useMutation(
    async () => {
      try {
        await api.startFreeTrial();
        await shell.refreshTherapist();
      } catch (reason) {
        // The server's message where it gave one; a failed connection gets the spec's general text.
        throw reason instanceof ActionError ? reason : new Error(T.unknownError);
      }
    },
    { onSuccess: () => navigate(shell.pages.calendar()) },
  );

  const buy = useMutation(
    async (cardId: string | null) => {
      try {
        const answer = await api.buyPro(cardId, keys.key());
        keys.settle();
        return answer;
      } catch (reason) {
        keys.settle(reason);
        throw reason;
      }
    },
    {
      notify,
      successText: false,
      onSuccess: async (answer) => {
        if (answer.url) {
          leave(answer.url);
          return;
        }
        // Charged on a saved card, or a cancelled plan taken up again: the plan is Pro now; the menus follow.
        setChoosing(false);
        notify(answer.message);
        await shell.refreshTherapist();
      },
    },
  );

  if (!therapist || !plan || !proButton) {
    return loaded.error !== null ? <LoadError title={T.loadFailed} detail={loaded.error} onRetry={() => void loaded.refresh()} retryLabel={texts.retry} /> : <Spinner label={texts.loadingPart} />;
  }

  const freeButton = planCardButton('freeTrial', plan, now);
  const status = effectivePlanStatus(plan, now);
  const busy = buy.pending || leaving;
  const timing = proPurchaseTiming(plan, now);
  const startsOn = timing.kind === 'atTrialEnd' ? formatDanishDate(timing.startsAt) : null;
  const scheduled = isProScheduled(plan) && plan.proStartsAt != null ? formatDanishDate(plan.proStartsAt) : null;
  const proText = scheduled ? T.proScheduled(scheduled) : startsOn ? T.proAfterTrial(startsOn) : T.proChargedNow;

  function startPro() {
    buy.reset();
    if ((cards.data?.length ?? 0) > 0 || cards.error !== null) setChoosing(true);
    else void buy.run(null);
  }

  return (
    <section className={styles.page}>
      {toaster}
      <Title2 as="h1" className={styles.heading}>
        {T.heading}
      </Title2>
      <Body1>{T.intro}</Body1>
      {!isOwner && (
        <MessageBar intent="info">
          <MessageBarBody>{T.ownerOnly}</MessageBarBody>
        </MessageBar>
      )}
      {choose.error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{choose.error}</MessageBarBody>
        </MessageBar>
      )}
      {buy.error && !choosing && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{buy.error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.cards}>
        {showsFreeTrialCard(plan) && (
          <Panel title={T.freeTitle} className={styles.card} data-plan="freeTrial">
            <div className={styles.price}>
              <span className={styles.amount}>{T.freePrice}</span>
              <Text>{T.freePeriod}</Text>
            </div>
            {plan.planType === 'freeTrial' && plan.trial && plan.trial > now && <Badge appearance="tint">{T.trialEnds(formatDanishDate(plan.trial))}</Badge>}
            {normalizePlanType(plan.planType) === 'empty' && <Text>{T.freeEndsIfChosen(formatDanishDate(freeTrialEndIfChosenAt(now)))}</Text>}
            <Button
              appearance="primary"
              disabled={freeButton.disabled || choose.pending || !isOwner}
              icon={choose.pending ? <Spinner size="tiny" /> : undefined}
              onClick={() => void choose.run(undefined)}
            >
              {freeButton.label}
            </Button>
            <FeatureList />
          </Panel>
        )}
        <Panel title={T.proTitle} className={styles.card} data-plan="pro">
          <div className={styles.price}>
            <span className={styles.amount}>{T.proPrice}</span>
            <Text>{T.proPeriod}</Text>
          </div>
          <Text>{proText}</Text>
          {plan.planType === 'freeTrial' && status === 'expired' && <Text weight="semibold">{T.proExpiredNote}</Text>}
          {plan.planType === 'pro' && status === 'cancelled' && plan.cancelDate !== null && <Text weight="semibold">{T.proCancelled(formatDanishDate(plan.cancelDate))}</Text>}
          <Button
            appearance="primary"
            disabled={proButton.disabled || !isOwner || busy || (canBuyPro && cards.loading)}
            icon={busy || (canBuyPro && cards.loading) ? <Spinner size="tiny" /> : undefined}
            onClick={startPro}
          >
            {proButton.label}
          </Button>
          {leaving && <Text role="status">{T.toCheckout}</Text>}
          <FeatureList />
        </Panel>
      </div>
      {choosing && (
        <PaymentMethodDialog
          api={api}
          what={T.proPaymentWhat(startsOn)}
          payLabel={startsOn ? T.orderPro : undefined}
          pending={busy}
          error={buy.error}
          onPay={(cardId) => void buy.run(cardId)}
          onClose={() => {
            buy.reset();
            setChoosing(false);
          }}
        />
      )}
    </section>
  );
}
