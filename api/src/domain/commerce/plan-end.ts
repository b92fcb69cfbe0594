/**
 * Ending the clinic's plan ends everything the clinic pays for each month. 'Deaktiver' on the plan card
 * ended Pro only: the cloud-drive backup (29 kr./month) went on renewing on the clinic's card after the clinic was
 * locked out, and cancel-all left the colleagues' own Pro (149 kr./month each), who cannot work once the clinic's plan
 * has lapsed. Now:
 * - ending the plan (either button) cancels Pro, every add-on subscription and every colleague's own Pro, each at the
 *   end of the period it is paid for: nothing renews, so nothing is charged after (`endPlan`); the confirmation lists
 *   them (`subscriptionsEndingWithPlan`);
 * - a plan that runs out by itself (a trial not followed by Pro, Pro given up after failed renewals) ends them too:
 *   the payments ticker (jobs/payments.ts) runs `settleSubscriptionsWithPlans` before the provider's own renewals, and
 *   a known end (a cancelled plan's date, a trial's end) is met `PLAN_END_LEAD_MS` ahead, so a provider renewing on its
 *   own clock (Frisbii) finds them cancelled in time;
 * - taking the plan back (Pro again, or Pro bought to follow the trial) takes back what ended with it and is still in
 *   its period (`endedWithPlan`), so a mistaken click costs nothing twice.
 * The SMS beyond the free quota are not a subscription: a month's SMS are billed once the month is over, also when the
 * plan has ended since, because they were sent while it was paid for (jobs/sms-billing.ts; paid SMS are sent only on a
 * paid plan).
 */
import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import { addOnOffer, planKnownEnd, THERAPIST_PRO_PLAN, PRO_PLAN, type EndingSubscription } from '@klinik/core';
import type { PaymentProvider } from '../../adapters/payments/provider.js';
import { tenantDb, type TenantDb } from '../../data/tenant-db.js';
import type { CompanyDoc, Models, SubscriptionDoc } from '../../models/index.js';

/**
 * How long before a known end of the plan (a trial's end, a cancelled plan's date) the subscriptions that would renew
 * after it are cancelled. The ticker runs every minute; an hour leaves room for a slow run or a restart, and costs only
 * that an add-on or colleague bought in the last hour of a trial shows as ending (buying Pro takes it back).
 */
export const PLAN_END_LEAD_MS = 60 * 60_000;

const RUNNING: ('active' | 'dunning')[] = ['active', 'dunning'];
const ENDS_WITH_PLAN: ('addOn' | 'therapist')[] = ['addOn', 'therapist'];

async function namesOf(db: TenantDb, subscriptions: readonly SubscriptionDoc[]): Promise<Map<string, string>> {
  const ids = subscriptions.flatMap((subscription) => (subscription.therapistId ? [subscription.therapistId] : []));
  if (ids.length === 0) return new Map();
  const therapists = await db.Therapist.find({ _id: { $in: ids } }, { nameFirst: 1, nameLast: 1 }).lean();
  return new Map(therapists.map((therapist) => [therapist._id.toString(), `${therapist.nameFirst} ${therapist.nameLast}`.trim()]));
}

function nameOf(subscription: SubscriptionDoc, names: Map<string, string>): string {
  if (subscription.kind === 'therapist') {
    const who = subscription.therapistId ? names.get(subscription.therapistId.toString()) : undefined;
    return who ? `${THERAPIST_PRO_PLAN.name}: ${who}` : THERAPIST_PRO_PLAN.name;
  }
  return addOnOffer(subscription.product)?.name ?? subscription.product;
}

/** The clinic's running monthly subscriptions that end with its plan (add-ons, colleagues' own Pro). */
async function runningBesidesPlan(db: TenantDb): Promise<SubscriptionDoc[]> {
  return db.Subscription.find({ kind: { $in: ENDS_WITH_PLAN }, state: { $in: RUNNING } }).sort({ createdAt: 1 }).lean();
}

/**
 * What ending the plan would end now: Pro (running, or bought to follow the trial), then each running add-on
 * subscription and colleague's Pro, with the end of the period each is paid for.
 */
export async function subscriptionsEndingWithPlan(db: TenantDb, company: CompanyDoc): Promise<EndingSubscription[]> {
  const ending: EndingSubscription[] = [];
  if (company.planHandle) {
    const pro = (await db.Subscription.findOne({ handle: company.planHandle, state: { $in: RUNNING } }).lean()) as SubscriptionDoc | null;
    if (pro) {
      const startsAt = company.proStartsAt ?? null;
      ending.push({ id: pro.handle, kind: 'plan', name: PRO_PLAN.name, endsAt: startsAt === null ? (pro.periodTo ?? null) : null, startsAt });
    }
  }
  const others = await runningBesidesPlan(db);
  const names = await namesOf(db, others);
  for (const subscription of others) {
    ending.push({ id: subscription.handle, kind: subscription.kind === 'therapist' ? 'therapist' : 'addOn', name: nameOf(subscription, names), endsAt: subscription.periodTo ?? null, startsAt: null });
  }
  return ending;
}

/** Cancels one subscription at the provider because the plan ends; it is marked so taking the plan back resumes it. */
async function endWithPlan(payments: PaymentProvider, db: TenantDb, handle: string, alongsidePlan: boolean): Promise<void> {
  await payments.cancelSubscription(handle);
  if (alongsidePlan) await db.Subscription.updateOne({ handle }, { $set: { endedWithPlan: true } });
}

/**
 * Ends the plan and everything with it (each at the end of its paid period); answers what it ended. Pro first: if the
 * provider cannot be reached the answer is 503 and nothing is half-ended that the owner cannot see (a retry ends the
 * rest; what is already cancelled is not in the list again).
 */
export async function endPlan(payments: PaymentProvider, db: TenantDb, company: CompanyDoc): Promise<EndingSubscription[]> {
  const ending = await subscriptionsEndingWithPlan(db, company);
  for (const subscription of ending) await endWithPlan(payments, db, subscription.id, subscription.kind !== 'plan');
  return ending;
}

/** Takes back what ended with the plan and is still in its period (Pro is running again). */
export async function resumeWithPlan(payments: PaymentProvider, db: TenantDb, now: number, logger?: Logger): Promise<number> {
  const ended = (await db.Subscription.find({ kind: { $in: ENDS_WITH_PLAN }, endedWithPlan: true, state: 'cancelled', periodTo: { $gt: now } }).lean()) as SubscriptionDoc[];
  let resumed = 0;
  for (const subscription of ended) {
    try {
      await payments.reactivateSubscription(subscription.handle);
      await db.Subscription.updateOne({ handle: subscription.handle }, { $set: { endedWithPlan: false } });
      resumed += 1;
    } catch (error) {
      // One that cannot be taken back (its period ended in the meantime) must not keep the others from it.
      logger?.warn({ err: error, subscription: subscription.handle }, 'a subscription that ended with the plan could not be taken back');
    }
  }
  return resumed;
}

/**
 * One clinic: its monthly subscriptions follow its plan. A plan that is not usable, or whose known end is within the
 * lead, ends those that would renew at or after that end; a plan running with no end in sight takes back those that
 * ended with it.
 */
async function settleClinic(payments: PaymentProvider, db: TenantDb, now: number, logger: Logger): Promise<void> {
  const company = (await db.Company.findById(db.companyId).lean()) as CompanyDoc | null;
  if (!company) return;
  const end = planKnownEnd(company, now);
  if (end === null) {
    await resumeWithPlan(payments, db, now, logger);
    return;
  }
  if (end > now + PLAN_END_LEAD_MS) return;
  for (const subscription of await runningBesidesPlan(db)) {
    // Past the end, everything ends; ahead of it, only what would renew at or after it (a renewal before it is paid
    // for while the plan still runs).
    if (end > now && (subscription.periodTo ?? 0) < end) continue;
    try {
      await endWithPlan(payments, db, subscription.handle, true);
    } catch (error) {
      logger.error({ err: error, subscription: subscription.handle }, 'a subscription could not be ended with its plan; tried again on the next run');
    }
  }
}

const WHY = 'the payments ticker looks for the clinics with monthly subscriptions besides their plan';

/**
 * The payments ticker's own step, before the provider's renewals (jobs/payments.ts): in every clinic with a running
 * or plan-ended subscription besides its plan, those subscriptions follow the plan (settleClinic).
 */
export async function settleSubscriptionsWithPlans(models: Models, payments: PaymentProvider, now: number, logger: Logger): Promise<void> {
  const companies: Types.ObjectId[] = await models.Subscription.distinct('companyId', {
    kind: { $in: ENDS_WITH_PLAN },
    $or: [{ state: { $in: RUNNING } }, { endedWithPlan: true, state: 'cancelled', periodTo: { $gt: now } }],
  }).setOptions({ crossTenant: WHY });
  for (const companyId of companies) {
    await settleClinic(payments, tenantDb(models, companyId), now, logger).catch((error: unknown) => logger.error({ err: error, companyId }, 'settling subscriptions with the plan failed'));
  }
}
