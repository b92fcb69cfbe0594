/**
 * The treatments catalogue. Every therapist of a clinic sees the clinic's treatments, grouped per therapist;
 * a therapist edits their own, the owner any. Prices are kept in øre and answered in DKK; each treatment has its VAT
 * kind (`vatExempt`), which every invoice line made from it carries.
 */
import { Types } from 'mongoose';
import { CAPS, messages, type ParsedInput, type Treatment } from '@klinik/core';
import { assertBelowCap } from '../caps.js';
import type { TherapistContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { TherapistDoc, TreatmentDoc } from '../../models/index.js';
import { checkedPaymentFields, paymentFieldsOf } from '../booking-payments/treatment-payment.js';
import { assertMayChange, mayChange, targetTherapist } from '../scheduling/target.js';

type TherapistNames = Map<string, Pick<TherapistDoc, 'nameFirst' | 'nameLast'>>;

async function companyTherapists(ctx: TherapistContext): Promise<TherapistNames> {
  const therapists = await ctx.db.Therapist.find({}, { nameFirst: 1, nameLast: 1 }).lean();
  return new Map(therapists.map((therapist) => [therapist._id.toString(), therapist]));
}

function toTreatmentView(ctx: TherapistContext, treatment: TreatmentDoc, names: TherapistNames): Treatment {
  const therapist = names.get(treatment.therapistId.toString());
  return {
    id: treatment._id.toString(),
    name: treatment.name,
    price: treatment.priceOre / 100,
    duration: treatment.duration,
    pause: treatment.pause ?? 0,
    therapistId: treatment.therapistId.toString(),
    nameFirst: therapist?.nameFirst ?? '',
    nameLast: therapist?.nameLast ?? '',
    vatExempt: treatment.vatExempt === true,
    ...paymentFieldsOf(treatment),
    isEdit: mayChange(ctx, treatment.therapistId),
  };
}

function byTherapistThenName(a: Treatment, b: Treatment): number {
  return (
    a.nameFirst.localeCompare(b.nameFirst, 'da') ||
    a.nameLast.localeCompare(b.nameLast, 'da') ||
    a.therapistId.localeCompare(b.therapistId) ||
    a.name.localeCompare(b.name, 'da')
  );
}

export async function listTreatments(ctx: TherapistContext, input: ParsedInput<'getAllTreatment'>): Promise<{ data: Treatment[]; total: number }> {
  const names = await companyTherapists(ctx);
  const treatments = (await ctx.db.Treatment.find({}).lean()).map((treatment) => toTreatmentView(ctx, treatment, names));
  const search = input.search.toLocaleLowerCase('da');
  const matching = search
    ? treatments.filter(
        (treatment) =>
          treatment.name.toLocaleLowerCase('da').includes(search) ||
          // Spec 3 §6: the owner also searches by therapist name.
          (ctx.isOwner && `${treatment.nameFirst} ${treatment.nameLast}`.toLocaleLowerCase('da').includes(search)),
      )
    : treatments;
  matching.sort(byTherapistThenName);
  const start = (input.page - 1) * input.size;
  return { data: matching.slice(start, start + input.size), total: matching.length };
}

async function findTreatment(ctx: TherapistContext, id: string): Promise<TreatmentDoc> {
  const treatment = await ctx.db.Treatment.findById(new Types.ObjectId(id)).lean();
  if (!treatment) throw new NotFoundError(messages.notFound);
  return treatment;
}

export async function getTreatment(ctx: TherapistContext, id: string): Promise<Treatment> {
  return toTreatmentView(ctx, await findTreatment(ctx, id), await companyTherapists(ctx));
}

export async function createTreatment(ctx: TherapistContext, input: ParsedInput<'addTreatment'>): Promise<Treatment> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  await assertBelowCap(() => ctx.db.Treatment.countDocuments({ therapistId: therapist._id }), CAPS.treatmentsPerTherapist, 'behandlinger');
  const priceOre = Math.round(input.price * 100);
  const payment = await checkedPaymentFields(ctx.services, ctx.db, input, priceOre, null);
  const treatment = await ctx.db.Treatment.create({
    therapistId: therapist._id,
    name: input.name,
    duration: input.duration,
    pause: input.pause,
    priceOre,
    vatExempt: input.vatExempt ?? clinicDefaultVatExempt(ctx),
    ...payment,
  });
  return toTreatmentView(ctx, treatment.toObject(), await companyTherapists(ctx));
}

/**
 * The VAT kind of a new treatment when none is chosen: the clinic's 'Momsregistreret' (company `moms`) is
 * the default. A clinic that is not VAT registered sells health services exempt from VAT; one that is, mostly taxable
 * ones (a registered clinic's owner marks the exempt ones on /Treatments).
 */
function clinicDefaultVatExempt(ctx: TherapistContext): boolean {
  return ctx.company.moms === false;
}

export async function updateTreatment(ctx: TherapistContext, input: ParsedInput<'setTreatment'>): Promise<Treatment> {
  const treatment = await findTreatment(ctx, input.id);
  assertMayChange(ctx, treatment.therapistId);
  const priceOre = Math.round(input.price * 100);
  const payment = await checkedPaymentFields(ctx.services, ctx.db, input, priceOre, paymentFieldsOf(treatment));
  const updated = await ctx.db.Treatment.findOneAndUpdate(
    { _id: treatment._id },
    {
      $set: {
        name: input.name,
        duration: input.duration,
        pause: input.pause,
        priceOre,
        ...payment,
        ...(input.vatExempt === undefined ? {} : { vatExempt: input.vatExempt }),
      },
    },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new NotFoundError(messages.notFound);
  return toTreatmentView(ctx, updated, await companyTherapists(ctx));
}

export async function deleteTreatment(ctx: TherapistContext, id: string): Promise<void> {
  const treatment = await findTreatment(ctx, id);
  assertMayChange(ctx, treatment.therapistId);
  await ctx.db.Treatment.deleteOne({ _id: treatment._id });
}

export async function therapistTreatments(ctx: TherapistContext, therapistId?: string): Promise<Treatment[]> {
  // Reading another therapist's list is fine within the clinic (the booking drawer shows them), so this does
  // not need the owner; the therapist must still belong to the caller's clinic.
  const id = therapistId ? new Types.ObjectId(therapistId) : ctx.therapist._id;
  const names = await companyTherapists(ctx);
  if (!names.has(id.toString())) throw new NotFoundError(messages.notFound);
  const treatments = await ctx.db.Treatment.find({ therapistId: id }).lean();
  return treatments.map((treatment) => toTreatmentView(ctx, treatment, names)).sort((a, b) => a.name.localeCompare(b.name, 'da'));
}
