/** Invoices, credit notes, merged statements, the company profile and the CVR counter (core/src/actions/invoices.ts). Thin. */
import type { invoiceActions } from '@klinik/core';
import { companyProfile, cvrCounter, setCvrCounter, startCvrCounter, updateCompanyProfile, uploadLogo } from '../domain/invoices/company.js';
import { issueInvoice, previewInvoice } from '../domain/invoices/issue.js';
import { mailInvoice } from '../domain/invoices/mail.js';
import { createMerged, deleteMerged, mergedOfClient, updateMerged } from '../domain/invoices/merged.js';
import { invoiceWithPayment, markPaid, markUnpaid, sendReminder } from '../domain/invoices/payments.js';
import { invoicesForPeriod, invoicesOfBookings, listInvoices } from '../domain/invoices/queries.js';
import type { Handlers } from './types.js';

export const invoiceHandlers: Handlers<keyof typeof invoiceActions> = {
  getCompany: async (_input, ctx) => ({ data: await companyProfile(ctx) }),
  setCompany: async (input, ctx) => ({ message: 'Firmaoplysningerne er gemt', data: await updateCompanyProfile(ctx, input) }),
  uploadCompanyLogo: async (_input, ctx) => ({ message: 'Logoet er gemt', data: await uploadLogo(ctx) }),
  getInvoicePreview: async (input, ctx) => ({ data: await previewInvoice(ctx, input) }),
  async addInvoice(input, ctx) {
    const data = await issueInvoice(ctx, input);
    return { message: data.isCredit ? `Kreditnota ${data.number} er oprettet` : `Faktura ${data.number} er oprettet`, data };
  },
  getInvoice: async ({ id }, ctx) => ({ data: await invoiceWithPayment(ctx, id) }),
  getAllInvoice: (input, ctx) => listInvoices(ctx, input),
  async getInvoicesByBookingIds({ bookingIds }, ctx) {
    const data = await invoicesOfBookings(ctx, bookingIds);
    return { data, total: data.length };
  },
  async getMergedInvoicesByClient({ clientId }, ctx) {
    const data = await mergedOfClient(ctx, clientId);
    return { data, total: data.length };
  },
  async getInvoicesForPeriod(input, ctx) {
    const data = await invoicesForPeriod(ctx, input);
    return { data, total: data.length };
  },
  addMergedInvoice: async (input, ctx) => ({ message: 'Den samlede opgørelse er oprettet', data: await createMerged(ctx, input) }),
  setMergedInvoice: async (input, ctx) => ({ message: 'Den samlede opgørelse er opdateret', data: await updateMerged(ctx, input) }),
  async deleteInvoice({ id }, ctx) {
    await deleteMerged(ctx, id);
    return { message: 'Den samlede opgørelse er slettet' };
  },
  async invoiceMail(input, ctx) {
    await mailInvoice(ctx, input);
    return { message: 'Fakturaen er sendt' };
  },
  async setInvoicePaid(input, ctx) {
    const data = await markPaid(ctx, input);
    return { message: `Faktura ${data.number} er markeret som betalt`, data };
  },
  async setInvoiceUnpaid({ id }, ctx) {
    const data = await markUnpaid(ctx, id);
    return { message: `Faktura ${data.number} er markeret som ubetalt`, data };
  },
  async sendInvoiceReminder({ id }, ctx) {
    const data = await sendReminder(ctx, id);
    return { message: `Rykkeren for faktura ${data.number} er sendt til klientens e-mail`, data };
  },
  getCvrFromNumber: async ({ CVR }, ctx) => ({ data: await cvrCounter(ctx, CVR) }),
  addCvrNumber: async ({ CVR }, ctx) => ({ message: 'Fakturatælleren er oprettet', data: await startCvrCounter(ctx, CVR) }),
  setCvrCounter: async (input, ctx) => ({ message: 'Næste fakturanummer er gemt', data: await setCvrCounter(ctx, input) }),
};
