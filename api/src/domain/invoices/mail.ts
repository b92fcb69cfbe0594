/**
 * Mailing an invoice, credit note or merged statement as Faktura.pdf, rendered here from the stored snapshot. It goes
 * only to the addresses the therapist typed, with the invoice's own subject and the one template
 * (adapters/mail/invoice-mail.ts), and at most `invoiceMail:company` recipients per clinic per window (config.ts),
 * within the clinic's mail budget (domain/contact/outbound.ts).
 */
import { Types } from 'mongoose';
import type { InvoiceSnapshot, ParsedInput } from '@klinik/core';
import { invoiceMailMessage } from '../../adapters/mail/invoice-mail.js';
import type { TherapistContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { InvoiceDoc } from '../../models/index.js';
import { assertMailBudget } from '../contact/outbound.js';
import { INVOICE_NOT_FOUND, visibleClientId } from './queries.js';

/**
 * The PDF of an invoice document, built here from its stored snapshot; an uploaded file is never trusted.
 * The PDF renderer (jsPDF) loads on the first mail, not when the API starts (loading it was about a tenth of the
 * start-up: 0.15 s of 1.6 s).
 */
export async function invoicePdf(invoice: Pick<InvoiceDoc, 'snapshots'>): Promise<Buffer> {
  const { invoicePdfBytes } = await import('@klinik/core/invoice-pdf');
  return Buffer.from(invoicePdfBytes((invoice.snapshots ?? []) as InvoiceSnapshot[]));
}

export async function mailInvoice(ctx: TherapistContext, input: ParsedInput<'invoiceMail'>): Promise<void> {
  // A merged statement by its client's rule, an invoice by the invoice's.
  const invoice = await ctx.db.clinic('merged-statement').Invoice.findById(new Types.ObjectId(input.id)).lean();
  if (!invoice) throw new NotFoundError(INVOICE_NOT_FOUND);
  if (invoice.isMerged) await visibleClientId(ctx, invoice.clientId);
  else if (!(await ctx.db.Invoice.exists({ _id: invoice._id }))) throw new NotFoundError(INVOICE_NOT_FOUND);
  const pdf = await invoicePdf(invoice);
  // Per clinic and per recipient, whoever sends and from wherever (a mail to ten addresses counts ten): a
  // clinic account cannot become a mail cannon. First the invoices' own cap, then the clinic's budget of all its mail.
  const recipients = new Set(input.to.map((address) => address.trim().toLowerCase())).size;
  for (let n = 0; n < recipients; n += 1) await ctx.services.limiter.consume('invoiceMail:company', ctx.companyId);
  await assertMailBudget(ctx, recipients);
  await ctx.services.mailer.send(
    invoiceMailMessage(input.to, {
      kind: invoice.isMerged ? '' : invoice.isCredit ? 'Kreditnota' : 'Faktura',
      number: invoice.number,
      clinicName: ctx.company.companyName,
      clinicEmail: ctx.company.email ?? '',
      clinicPhone: ctx.company.phone ?? '',
      message: input.message,
      pdf,
    }),
  );
}
