/**
 * A treatment's 'Betaling ved booking' and its fee, as the treatment dialog sets them and the public page reads them.
 * A paying kind needs the clinic's payment account connected (the money goes to the clinic's own account).
 */
import { bookingPaymentMessages, bookingPaymentRule, invoiceLines, invoiceTotals, type PublicTreatmentPayment } from '@klinik/core';
import type { HandlerServices } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, ValidationError } from '../../errors.js';
import type { CompanyDoc, TherapistDoc, TreatmentDoc } from '../../models/index.js';
import { merchantOf } from '../payment-account/gateway.js';

export type PaymentAtBooking = 'none' | 'full' | 'deposit';

export interface TreatmentPaymentFields {
  paymentAtBooking: PaymentAtBooking;
  depositOre: number;
  noShowFeeOre: number;
}

/** The fields as stored (a treatment made before them pays nothing at booking). */
export function paymentFieldsOf(treatment: Partial<Pick<TreatmentDoc, 'paymentAtBooking' | 'depositOre' | 'noShowFeeOre'>>): TreatmentPaymentFields {
  return {
    paymentAtBooking: treatment.paymentAtBooking ?? 'none',
    depositOre: treatment.depositOre ?? 0,
    noShowFeeOre: treatment.noShowFeeOre ?? 0,
  };
}

/**
 * The fields a new or changed treatment gets: those given, else the current ones. Deposit more than 0 and at most the
 * price; the fee at most the price; turning payment on needs the clinic's account connected.
 */
export async function checkedPaymentFields(
  services: HandlerServices,
  db: TenantDb,
  input: Partial<TreatmentPaymentFields>,
  priceOre: number,
  current: TreatmentPaymentFields | null,
): Promise<TreatmentPaymentFields> {
  const before = current ?? paymentFieldsOf({});
  const fields: TreatmentPaymentFields = {
    paymentAtBooking: input.paymentAtBooking ?? before.paymentAtBooking,
    depositOre: input.depositOre ?? before.depositOre,
    noShowFeeOre: input.noShowFeeOre ?? before.noShowFeeOre,
  };
  if (fields.paymentAtBooking !== 'deposit') fields.depositOre = 0;
  if (fields.paymentAtBooking === 'deposit' && (fields.depositOre <= 0 || fields.depositOre > priceOre)) {
    throw new ValidationError(bookingPaymentMessages.depositRange, { depositOre: bookingPaymentMessages.depositRange });
  }
  if (fields.noShowFeeOre > priceOre) throw new ValidationError(bookingPaymentMessages.feeRange, { noShowFeeOre: bookingPaymentMessages.feeRange });
  if (fields.paymentAtBooking !== 'none' && fields.paymentAtBooking !== before.paymentAtBooking && !(await merchantOf(services, db))) {
    throw new ConflictError(bookingPaymentMessages.accountRequired);
  }
  return fields;
}

/**
 * The treatment's whole price as its invoice totals it, øre incl. VAT: the line's VAT when the clinic charges VAT
 * ('Momsregistreret') and the treatment is not exempt, exactly as the paid invoice will print it.
 */
export function grossPriceOre(treatment: Pick<TreatmentDoc, '_id' | 'name' | 'priceOre' | 'vatExempt' | 'duration'>, chargeVat: boolean): number {
  return invoiceTotals(invoiceLines([{ name: treatment.name, treatmentId: treatment._id.toString(), duration: treatment.duration, priceOre: treatment.priceOre, vatExempt: treatment.vatExempt === true }], 0, chargeVat)).totalOre;
}

/** What is paid at booking, øre incl. VAT: the whole price, or the deposit (never more than the whole price). */
export function payNowOre(treatment: Pick<TreatmentDoc, '_id' | 'name' | 'priceOre' | 'vatExempt' | 'duration' | 'paymentAtBooking' | 'depositOre'>, chargeVat: boolean): number {
  const fields = paymentFieldsOf(treatment);
  const whole = grossPriceOre(treatment, chargeVat);
  return fields.paymentAtBooking === 'deposit' ? Math.min(fields.depositOre, whole) : whole;
}

/** What the public page shows of a treatment's payment; null when nothing is paid at booking or no account is connected. */
export function publicPaymentOf(
  treatment: Pick<TreatmentDoc, '_id' | 'name' | 'priceOre' | 'vatExempt' | 'duration' | 'paymentAtBooking' | 'depositOre' | 'noShowFeeOre'>,
  page: { therapist: Pick<TherapistDoc, 'cancelNoticeHours'>; company: Pick<CompanyDoc, 'moms'> },
  connected: boolean,
): PublicTreatmentPayment | null {
  const fields = paymentFieldsOf(treatment);
  if (!connected || fields.paymentAtBooking === 'none') return null;
  return {
    atBooking: fields.paymentAtBooking,
    payNowOre: payNowOre(treatment, page.company.moms === true),
    priceOre: grossPriceOre(treatment, page.company.moms === true),
    noShowFeeOre: fields.noShowFeeOre,
    rule: bookingPaymentRule(page.therapist.cancelNoticeHours ?? 24, fields.noShowFeeOre),
  };
}
