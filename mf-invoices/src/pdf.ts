/**
 * The invoice PDF, loaded when first needed: jsPDF and the renderer (@klinik/core/invoice-pdf) are well over
 * 100 KB gzip, more than the page's whole budget, so they arrive with the first preview or download, never with
 * the list. A failed download is tried again on the next use.
 */
import type { InvoiceSnapshot } from '@klinik/core';

type Renderer = typeof import('@klinik/core/invoice-pdf');

let loading: Promise<Renderer> | null = null;

export function loadRenderer(): Promise<Renderer> {
  return (loading ??= import(/* webpackChunkName: "invoice-pdf" */ '@klinik/core/invoice-pdf').catch((error: unknown) => {
    loading = null;
    throw error;
  }));
}

/** A blob URL of the PDF for an <iframe>; the caller revokes it. The title is what the PDF viewer shows. */
export async function pdfBlobUrl(snapshots: InvoiceSnapshot | readonly InvoiceSnapshot[], title: string): Promise<string> {
  const { renderInvoicePdf } = await loadRenderer();
  const doc = renderInvoicePdf(snapshots);
  doc.setProperties({ title });
  return URL.createObjectURL(doc.output('blob'));
}

/** 'Faktura-0001-26.pdf'; a merged statement's number ('Samlet opgørelse 01-05-2026–31-05-2026') gets dashes for spaces. */
export function pdfFileName(number: string): string {
  const safe = number
    .trim()
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '')
    .replace(/\s+/g, '-');
  return `Faktura-${safe || 'uden-nummer'}.pdf`;
}

export async function downloadPdf(snapshots: InvoiceSnapshot | readonly InvoiceSnapshot[], number: string): Promise<void> {
  const { renderInvoicePdf } = await loadRenderer();
  renderInvoicePdf(snapshots).save(pdfFileName(number));
}
