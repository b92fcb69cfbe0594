/**
 * The SMS ledger (spec 1: SMS constants, Year-to-date SMS data): every SMS handed to the gateway is one
 * SmsUsage record (`_id` = its message job, so recording it twice records it once). Whether it was one of the
 * therapist's free SMS of the month is decided by taking a numbered free slot (db.smsFreeSlots: insert = take, atomic), so racing
 * runners never hand out more than the quota; beyond it the SMS is counted for billing at EXTRA_SMS_PRICE_ORE.
 * Months are Copenhagen months, and the year to date is summed from the records, never kept as counters.
 */
import type { Types } from 'mongoose';
import { copenhagenDateKey, EXTRA_SMS_PRICE_ORE } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import { isDuplicateKeyError } from '../../errors.js';

export function smsMonth(at: number): { month: string; year: number } {
  const key = copenhagenDateKey(at);
  return { month: key.slice(0, 7), year: Number(key.slice(0, 4)) };
}

/**
 * Takes one of the therapist's free SMS of the month for `jobId` before it is sent (the runner decides before it
 * spends: a clinic that may not pay is stopped at its quota). `retried`: the job may hold one from an earlier try.
 */
export async function takeFreeSms(db: TenantDb, sms: { jobId: string; therapistId: Types.ObjectId; at: number; quota: number; retried: boolean }): Promise<boolean> {
  return db.smsFreeSlots.take(sms.therapistId, smsMonth(sms.at).month, sms.quota, sms.jobId, sms.retried);
}

/** Gives back the free SMS a job took when the gateway refused the number: nothing was sent. */
export async function giveBackFreeSms(db: TenantDb, sms: { jobId: string; therapistId: Types.ObjectId; at: number }): Promise<void> {
  await db.smsFreeSlots.giveBack(sms.therapistId, smsMonth(sms.at).month, sms.jobId);
}

/**
 * Records one SMS sent for `jobId`; idempotent. `free`: what takeFreeSms decided before sending; without it, the
 * free SMS is taken here. `retried` (a job tried before, or taken over from a runner that died)
 * makes it look for a record or a free SMS the earlier try may have left; a first try need not.
 */
export async function recordSms(
  db: TenantDb,
  sms: { jobId: string; therapistId: Types.ObjectId; kind: 'booking' | 'course'; sentAt: number; quota: number; retried?: boolean; free?: boolean },
): Promise<void> {
  const retried = sms.retried !== false;
  if (retried && (await db.clinic('sms-ledger').SmsUsage.exists({ _id: sms.jobId }))) return;
  const { month, year } = smsMonth(sms.sentAt);
  const free = sms.free ?? (await db.smsFreeSlots.take(sms.therapistId, month, sms.quota, sms.jobId, retried));
  try {
    await db.clinic('sms-ledger').SmsUsage.create({ _id: sms.jobId, therapistId: sms.therapistId, month, year, kind: sms.kind, free, priceOre: free ? 0 : EXTRA_SMS_PRICE_ORE, sentAt: sms.sentAt });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/** The clinic's year to date: twelve monthly values each, as the spec stores them (January first). */
export async function yearToDate(db: TenantDb, year: number): Promise<{ freeTexts: string; sentBooking: string; sentCourse: string }> {
  const rows = await db.clinic('sms-ledger').SmsUsage.find({ year }, { month: 1, kind: 1, free: 1 }).lean();
  const freeTexts = Array<number>(12).fill(0);
  const sentBooking = Array<number>(12).fill(0);
  const sentCourse = Array<number>(12).fill(0);
  for (const row of rows) {
    const index = Number(row.month.slice(5, 7)) - 1;
    if (row.free) freeTexts[index]! += 1;
    if (row.kind === 'course') sentCourse[index]! += 1;
    else sentBooking[index]! += 1;
  }
  return { freeTexts: freeTexts.join(','), sentBooking: sentBooking.join(','), sentCourse: sentCourse.join(',') };
}
