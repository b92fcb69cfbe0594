/**
 * `/Abonnement` (spec 3, Subscription overview; owner only): the plan card and one card per add-on subscription, each
 * with a settings icon to /Abonnement/{id} (on the plan card only for Pro with its subscription found), the trial's
 * end as DD-MM-YYYY while it lies ahead (and the day Pro bought during it starts), 'buy pro' or 'Deaktiver' by the
 * spec's rules (rules.ts), and cancel-all after 'Er du sikker?'. Both end the clinic's plan and every subscription with
 * it; the confirmation lists them, as the server says (`endsWithPlan`). 10 skeleton cards while loading.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Body1, Button, Caption1, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import type { EndingSubscription, SubscriptionView } from '@klinik/core';
import { PRO_PLAN } from '@klinik/core/commerce';
import { effectivePlanStatus, formatKroner, normalizePlanType, type RemotePageProps, type TherapistView } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { LoadError, PageHeader, QueryView, useMutation, useNotifications, useQuery } from '@klinik/ui';
import { commerceApi, queryKeys, type PurchasedSubscriptions } from '../../api';
import { lazyPart } from '../../components/lazyPart';
import { Panel } from '../../components/Panel';
import { SkeletonCards } from '../../components/SkeletonCards';
import { texts } from '../../texts';
import { addOnSubscriptions, cancelAllEnabled, currentPlanSubscription, planCardAction, planSettingsTarget } from './rules';

const T = texts.subscription;
const ConfirmDialog = lazyPart(() => import('@klinik/ui/ConfirmDialog'));
const PLAN_PATH = '/planlægge';

const useCardStyles = makeStyles({
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))', alignItems: 'stretch', minWidth: 0 },
  lines: { display: 'grid', gap: '4px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '8px' },
  section: { display: 'grid', gap: '12px', marginTop: '24px' },
  muted: { color: tokens.colorNeutralForeground3 },
  // Apart from the cards above it, as the grid's own gap.
  afterCards: { marginTop: '16px', marginBottom: 0 },
});

function errorText(reason: unknown): string {
  return reason instanceof Error && reason.message ? reason.message : texts.unknownError;
}

function StatusBadge({ status }: { status: keyof typeof texts.subscriptionStates }) {
  const colour = status === 'active' ? 'success' : status === 'cancelled' || status === 'dunning' ? 'warning' : status === 'expired' ? 'danger' : 'informative';
  return (
    <Badge appearance="tint" color={colour}>
      {texts.subscriptionStates[status]}
    </Badge>
  );
}

function SubscriptionCard({ title, status, settings, lines, actions }: { title: string; status: keyof typeof texts.subscriptionStates; settings: string | null; lines: ReactNode; actions?: ReactNode }) {
  const styles = useCardStyles();
  const navigate = useNavigate();
  return (
    <Panel
      title={title}
      description={<StatusBadge status={status} />}
      action={
        settings ? (
          <Button appearance="subtle" icon={<SettingsRegular />} aria-label={T.settings(title)} title={T.settings(title)} onClick={() => navigate(`/Abonnement/${encodeURIComponent(settings)}`)} />
        ) : undefined
      }
    >
      <div className={styles.lines}>{lines}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </Panel>
  );
}

function PlanCard({ therapist, answer, now, onDeactivate }: { therapist: TherapistView; answer: PurchasedSubscriptions; now: number; onDeactivate: () => void }) {
  const navigate = useNavigate();
  const plan = therapist.company;
  const planType = normalizePlanType(plan.planType);
  const status = effectivePlanStatus(plan, now);
  const subscription = currentPlanSubscription(answer.data);
  const action = planCardAction(plan, answer.info, now);
  const title = planType === 'pro' ? T.pro : planType === 'freeTrial' ? T.freeTrial : T.noPlan;
  const trialEnd = answer.info.trial_end !== null && answer.info.trial_end > now ? answer.info.trial_end : null;
  const proStarts = planType === 'freeTrial' ? answer.info.proStartsAt : null;
  const owner = therapist.isAdmin;
  return (
    <SubscriptionCard
      title={title}
      status={status}
      settings={planSettingsTarget(plan, answer.info, subscription)}
      lines={
        <>
          {planType === 'pro' && <Body1>{T.perMonth(formatKroner(subscription?.priceOre ?? PRO_PLAN.priceOre))}</Body1>}
          {trialEnd !== null && <Body1>{T.trialEnds(formatDanishDate(trialEnd))}</Body1>}
          {proStarts !== null && <Body1>{T.proStarts(formatDanishDate(proStarts))}</Body1>}
          {planType === 'pro' && status === 'cancelled' && plan.cancelDate !== null && <Body1>{T.activeUntil(formatDanishDate(plan.cancelDate))}</Body1>}
          {planType === 'pro' && status === 'active' && subscription?.nextPaymentDate != null && <Body1>{T.nextPayment(formatDanishDate(subscription.nextPaymentDate))}</Body1>}
        </>
      }
      actions={
        action === 'deactivate' ? (
          <Button onClick={onDeactivate} disabled={!owner}>
            {T.deactivate}
          </Button>
        ) : (
          <Button appearance="primary" onClick={() => navigate(PLAN_PATH)} disabled={!owner}>
            {T.buyPro}
          </Button>
        )
      }
    />
  );
}

/** What ending the plan ends, each with the end of its paid period (or, for Pro not yet started, that it never starts). */
function EndingList({ ending }: { ending: readonly EndingSubscription[] }) {
  return (
    <>
      <Body1 as="p">{T.endsIntro}</Body1>
      <ul aria-label={T.endsList}>
        {ending.map((subscription) => (
          <li key={subscription.id}>
            {subscription.startsAt !== null
              ? T.neverStarts(subscription.name, formatDanishDate(subscription.startsAt))
              : T.endsAt(subscription.name, subscription.endsAt !== null ? formatDanishDate(subscription.endsAt) : '–')}
          </li>
        ))}
      </ul>
    </>
  );
}

function AddOnCard({ subscription }: { subscription: SubscriptionView }) {
  return (
    <SubscriptionCard
      title={subscription.name}
      status={subscription.state}
      settings={subscription.id}
      lines={
        <>
          <Body1>{T.perMonth(formatKroner(subscription.priceOre))}</Body1>
          {subscription.state === 'cancelled' && subscription.period_to !== null && <Body1>{T.activeUntil(formatDanishDate(subscription.period_to))}</Body1>}
          {subscription.nextPaymentDate !== null && <Body1>{T.nextPayment(formatDanishDate(subscription.nextPaymentDate))}</Body1>}
        </>
      }
    />
  );
}

export function SubscriptionOverview({ shell }: RemotePageProps) {
  const styles = useCardStyles();
  const api = useMemo(() => commerceApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const loaded = useQuery(shell.therapist ? null : ['getTherapist'], () => shell.refreshTherapist());
  const therapist: TherapistView | null = shell.therapist ?? loaded.data ?? null;
  const subscriptions = useQuery(queryKeys.subscriptions, () => api.subscriptions());
  const [confirming, setConfirming] = useState<'all' | 'pro' | null>(null);
  const now = Date.now();

  // Spec 3 §8: a failed cancellation reads 'Error cancelling Pro Plan: …'; the confirmation shows it and stays open.
  const cancel = useMutation(
    async (what: 'all' | 'pro') => {
      try {
        return what === 'all' ? await api.cancelAll() : await api.cancelPro();
      } catch (reason) {
        throw new Error(T.cancelError(errorText(reason)), { cause: reason });
      }
    },
    {
      notify,
      successText: T.cancelled,
      invalidates: [queryKeys.subscriptions, queryKeys.allSubscriptionSettings],
      // The plan is cancelled now (usable to the period's end): the shell's menus and this page follow the server.
      onSuccess: async () => void (await shell.refreshTherapist()),
    },
  );

  const canCancelAll = therapist !== null && subscriptions.data !== undefined && cancelAllEnabled(subscriptions.data.info);
  const addOns = subscriptions.data ? addOnSubscriptions(subscriptions.data.data) : [];

  return (
    <section>
      {toaster}
      <PageHeader title={T.heading}>
        <Button onClick={() => setConfirming('all')} disabled={!canCancelAll || cancel.pending} icon={cancel.pending ? <Spinner size="tiny" /> : undefined}>
          {T.cancelAll}
        </Button>
      </PageHeader>
      {loaded.error !== null && !therapist && <LoadError title={T.loadFailed} detail={loaded.error} onRetry={() => void loaded.refresh()} retryLabel={texts.retry} />}
      <QueryView
        query={subscriptions}
        errorTitle={T.loadFailed}
        loading={
          <div className={styles.grid} aria-busy="true" aria-label={T.list}>
            <SkeletonCards count={10} />
          </div>
        }
      >
        {(answer) => (
          <>
            <div className={styles.grid} aria-label={T.list} role="region">
              {therapist ? <PlanCard therapist={therapist} answer={answer} now={now} onDeactivate={() => setConfirming('pro')} /> : <SkeletonCards count={1} />}
              {addOns.map((subscription) => (
                <AddOnCard key={subscription.id} subscription={subscription} />
              ))}
            </div>
            {addOns.length === 0 && (
              <Caption1 as="p" block className={mergeClasses(styles.muted, styles.afterCards)}>
                {T.noAddOns}
              </Caption1>
            )}
          </>
        )}
      </QueryView>
      {confirming && (
        <ConfirmDialog
          open
          body={<EndingList ending={subscriptions.data?.info.endsWithPlan ?? []} />}
          confirmLabel={confirming === 'all' ? T.cancelAllConfirm : T.deactivateConfirm}
          cancelLabel={T.keep}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await cancel.runOrThrow(confirming);
          }}
        />
      )}
    </section>
  );
}
