/**
 * The import's report by mail: what came in, what was already there, and each refused row with its file,
 * row number and reason (the first 1,000; all of them are counted), plus a link back to /Importerdata. A person's
 * CPR number, phone and e-mail are never in it (the reasons do not repeat them: values.ts).
 */
import { IMPORT_SOURCES, importMessages as M, type ImportRunView } from '@klinik/core';
import type { MailMessage } from '../../adapters/mail/index.js';
import { escapeHtml } from '../../adapters/mail/templates.js';

const number = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

function countLine(label: string, count: { added: number; existing: number }): string {
  return `${label}: ${number(count.added)} nye${count.existing ? `, ${number(count.existing)} fandtes allerede` : ''}`;
}

export function importReportMail(to: string, run: ImportRunView, details: { clinicName: string; pageUrl: string; runId: string }): MailMessage {
  const source = IMPORT_SOURCES.find((item) => item.key === run.domain)?.label;
  const lines: string[] = [];
  let subject: string;
  if (run.status === 'failed') {
    subject = 'Din dataimport kunne ikke gennemføres';
    lines.push(`Importen til ${details.clinicName} kunne ikke gennemføres, og intet er importeret:`, run.message ?? M.failed, '', 'Ret filen, og start importen igen.');
  } else {
    subject = run.source === 'support' ? M.completed : `${M.success} Rapport over din dataimport`;
    const counts = run.counts!;
    lines.push(
      `Importen${source ? ` fra ${source}` : ''} til ${details.clinicName} er færdig.`,
      '',
      countLine('Klienter', counts.clients),
      countLine('Behandlinger', counts.treatments),
      countLine('Bookinger', counts.bookings),
      countLine('Fakturaer', counts.invoices),
      '',
    );
    if (run.nextInvoiceNumber) lines.push(M.nextInvoiceNumber(run.nextInvoiceNumber), '');
    if (run.errorCount === 0) lines.push('Alle rækker blev importeret.');
    else {
      lines.push(`${number(run.errorCount)} ${run.errorCount === 1 ? 'række blev' : 'rækker blev'} ikke importeret:`);
      for (const error of run.errors) lines.push(`${error.fileName}, række ${error.row}: ${error.message}`);
      if (run.errorCount > run.errors.length) lines.push(`… og ${number(run.errorCount - run.errors.length)} mere.`);
      lines.push('', 'Du kan rette rækkerne og importere filerne igen: det, der allerede er importeret, kommer ikke med to gange.');
    }
  }
  const text = [...lines, '', `Se importen: ${details.pageUrl}`, '', 'Venlig hilsen', 'Klinik'].join('\n');
  const html = [
    ...lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')),
    `<p><a href="${escapeHtml(details.pageUrl)}">Se importen</a></p>`,
    '<p>Venlig hilsen<br>Klinik</p>',
  ].join('\n');
  return { to, subject, text, html, messageId: `<import-${details.runId}@klinik>` };
}
