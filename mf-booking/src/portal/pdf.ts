/**
 * The portal's PDFs, loaded when first asked for: jsPDF and core's invoice renderer are far more than the page's
 * whole budget, so they come with the first download, never with the page. A failed download is tried again on
 * the next click.
 */
import type { InvoiceSnapshot } from '@klinik/core';

function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

const invoiceRenderer = lazy(() => import(/* webpackChunkName: "invoice-pdf" */ '@klinik/core/invoice-pdf'));
const dataRenderer = lazy(() => import(/* webpackChunkName: "portal-data-pdf" */ './data-pdf'));

/** 'Faktura-0001-26.pdf' (a credit note: 'Kreditnota-…'), with nothing a file system refuses. */
export function pdfFileName(kind: 'invoice' | 'creditNote', number: string): string {
  const safe = number
    .trim()
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '')
    .replace(/\s+/g, '-');
  return `${kind === 'creditNote' ? 'Kreditnota' : 'Faktura'}-${safe || 'uden-nummer'}.pdf`;
}

export async function downloadInvoicePdf(snapshot: InvoiceSnapshot, fileName: string): Promise<void> {
  const { renderInvoicePdf } = await invoiceRenderer();
  renderInvoicePdf(snapshot).save(fileName);
}

export async function downloadDataPdf(data: Record<string, unknown>, title: string): Promise<void> {
  const { renderDataPdf } = await dataRenderer();
  renderDataPdf(data, title).save('mine-data.pdf');
}

/** Saves a JSON file through a temporary link (no server round trip: the data is already in the page). */
export function downloadJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
