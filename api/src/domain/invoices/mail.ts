/** Mailing an invoice, credit note or merged statement as Faktura.pdf, rendered here from the stored snapshot. */
import { Types } from 'mongoose';
import type { InvoiceSnapshot, ParsedInput } from '@klinik/core';
import { invoicePdfBytes } from '@klinik/core/invoice-pdf';
import type { TherapistContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { INVOICE_NOT_FOUND, visibleClientId } from './queries.js';

export async function mailInvoice(ctx: TherapistContext, input: ParsedInput<'invoiceMail'>): Promise<void> {
  // A merged statement by its client's rule, an invoice by the invoice's.
  const invoice = await ctx.db.clinic.Invoice.findById(new Types.ObjectId(input.id)).lean();
  if (!invoice) throw new NotFoundError(INVOICE_NOT_FOUND);
  if (invoice.isMerged) await visibleClientId(ctx, invoice.clientId);
  else if (!(await ctx.db.Invoice.exists({ _id: invoice._id }))) throw new NotFoundError(INVOICE_NOT_FOUND);
  // Built here from the stored snapshot; an uploaded file is never trusted (issue 6).
  const pdf = Buffer.from(invoicePdfBytes((invoice.snapshots ?? []) as InvoiceSnapshot[]));
  await ctx.services.mailer.send({
    to: input.to,
    subject: input.subject,
    text: input.message || `Hermed ${invoice.isCredit ? 'kreditnota' : 'faktura'} ${invoice.number} fra ${ctx.company.companyName}.`,
    attachments: [{ filename: 'Faktura.pdf', content: pdf, contentType: 'application/pdf' }],
  });
}
