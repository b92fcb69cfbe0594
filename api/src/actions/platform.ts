/** The platform administrator and the support team (core/src/actions/platform.ts). */
import { platformMessages as P, type platformActions } from '@klinik/core';
import { auditDetail, auditLog } from '../domain/platform/audit.js';
import { companyUsers, companyYearToDate, deleteCompany, listCompanies, setCompanyDisabled, subscriberList, updateCompany } from '../domain/platform/companies.js';
import { addMeeting, addSupportUpload, clinicSupportUploads, findTherapists, supportHistory } from '../domain/platform/support.js';
import type { Handlers } from './types.js';

export const platformHandlers: Handlers<keyof typeof platformActions> = {
  getCompaniesSuperadmin: async (input, ctx) => listCompanies(ctx, input),
  setCompanySuperadmin: async (input, ctx) => {
    const { row, changed } = await updateCompany(ctx, input.companyInfo);
    auditDetail(ctx, changed.length ? `Ændrede felter: ${changed.join(', ')}` : 'Ingen ændringer');
    return { message: P.companyUpdated, data: row };
  },
  getCompanyTherapistsSuperadmin: async (input, ctx) => ({ data: await companyUsers(ctx, input) }),
  getCompanyYTD: async (input, ctx) => ({ data: await companyYearToDate(ctx, input.companyId) }),
  disableCompany: async (input, ctx) => {
    await setCompanyDisabled(ctx, input.companyId, input.isDisabled);
    auditDetail(ctx, input.isDisabled ? 'Deaktiveret' : 'Aktiveret');
    return { message: P.companyStatusUpdated };
  },
  deleteCompany: async (input, ctx) => {
    await deleteCompany(ctx, input.companyId);
    auditDetail(ctx, 'Slettet; data fjernes efter 30 dage, bogføringsbilag gemmes i 5 år');
    return { message: P.companyDeleted };
  },
  adminGetTherapists: async (input, ctx) => ({ data: await subscriberList(ctx, input.filter) }),
  getAdminAuditLog: async (input, ctx) => auditLog(ctx, input),
  getTherapistsSupport: async (input, ctx) => ({ data: await findTherapists(ctx, input.search) }),
  addSupportHelp: async (input, ctx) => addSupportUpload(ctx, input),
  addSupportMeeting: async (input, ctx) => addMeeting(ctx, input),
  checkSupportMeetingAndgHelp: async (input, ctx) => ({ data: await supportHistory(ctx, input.therapistId) }),
  getSupportUploads: async (_input, ctx) => ({ data: await clinicSupportUploads(ctx) }),
};
