import { effectivePlanStatus, normalizePlanType, type TherapistView } from '@klinik/core';
import type { CompanyDoc, TherapistDoc } from '../../models/index.js';

/** What every view of a therapist shows: who they are and their flags; never the password hash or token version. */
export function therapistBasics(therapist: TherapistDoc) {
  return {
    id: therapist._id.toString(),
    username: therapist.username,
    nameFirst: therapist.nameFirst,
    nameLast: therapist.nameLast,
    email: therapist.email,
    phone: therapist.phone ?? '',
    isAdmin: Boolean(therapist.isAdmin),
    isAvailable: therapist.isAvailable !== false,
    isActive: therapist.isActive !== false,
    createdAt: therapist.createdAt ?? 0,
    colors: [...(therapist.colors ?? [])],
  };
}

/** The therapist as the clients see it: no password hash, no token version, no accounting secrets. */
export function toTherapistView(therapist: TherapistDoc, company: CompanyDoc, now: number): TherapistView {
  return {
    ...therapistBasics(therapist),
    newsletter: Boolean(therapist.newsletter),
    trial: therapist.trial ?? null,
    company: {
      id: company._id.toString(),
      companyName: company.companyName,
      companyEmail: company.email ?? '',
      companyPhone: company.phone ?? '',
      planType: normalizePlanType(company.planType),
      status: effectivePlanStatus(company, now),
      trial: company.trial ?? null,
      cancelDate: company.cancelDate ?? null,
      proStartsAt: company.proStartsAt ?? null,
      logo: company.logo ?? null,
      dineroOrgId: company.dineroOrgId ?? null,
      dineroConnected: Boolean(company.dineroOrgId && company.dineroRefreshToken),
    },
  };
}
