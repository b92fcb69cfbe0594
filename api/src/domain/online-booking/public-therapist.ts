/**
 * The therapist a public page names (the booking wizard, the embed, the intake form): found across clinics by its id,
 * the one step of a public action that must look beyond a clinic. From then on everything goes through the clinic's
 * scoped data access (`db`). An unknown or inactive one is simply not found; a disabled or deleted clinic's says so.
 */
import { Types } from 'mongoose';
import { allowsProFeatures, messages, platformMessages } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { NotFoundError } from '../../errors.js';
import type { CompanyDoc, TherapistDoc } from '../../models/index.js';

export interface PublicPage {
  therapist: TherapistDoc;
  company: CompanyDoc;
  /** The clinic's data, without a viewer: public code picks the therapist's own explicitly. */
  db: TenantDb;
}

const NAMED_BY_PAGE = { crossTenant: 'a public page names its therapist by id' };

export async function publicTherapist(ctx: PublicContext, therapistId: string): Promise<PublicPage> {
  const therapist = await ctx.platform.Therapist.findOne({ _id: new Types.ObjectId(therapistId) }).setOptions(NAMED_BY_PAGE).lean();
  const company = therapist ? await ctx.platform.Company.findById(therapist.companyId).lean() : null;
  if (!therapist || !company) throw new NotFoundError(messages.notFound);
  // A clinic the platform administrator disabled or deleted says so on its public pages; its data is
  // not reached. A deleted clinic's therapists stay as empty stubs until its bookkeeping records go
  // (jobs/company-purge.ts), so its old links keep saying it rather than 'not found'.
  if (company.isDisabled || company.deletedAt) throw new NotFoundError(platformMessages.noOnlineBooking);
  if (therapist.isActive === false) throw new NotFoundError(messages.notFound);
  return { therapist, company, db: ctx.tenant(company._id) };
}

/** Whether the page takes bookings: the therapist's switch, and a plan that allows it. */
export function formEnabled({ therapist, company }: Pick<PublicPage, 'therapist' | 'company'>, now: number): boolean {
  return therapist.bookingFormEnabled !== false && allowsProFeatures(company, now);
}
