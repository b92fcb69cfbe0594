/**
 * The print view of one section: a clean A4 page with the client's name and CPR number, the
 * section's fields and their comments, and when it was printed. It is rendered into its own container under
 * <body>; a print stylesheet hides everything else, so the browser's print shows only this page. The view stays
 * in the document (hidden on screen) until the next print or until the client page closes.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { texts } from '../texts';
import { formatWhen } from './format';
import type { PrintDocument } from './printModel';

const T = texts.print;
const ROOT_CLASS = 'klinik-print-root';

const STYLE = `
.${ROOT_CLASS} { display: none; }
@page { size: A4; margin: 15mm; }
@media print {
  body > *:not(.${ROOT_CLASS}) { display: none !important; }
  html, body { background: #fff !important; height: auto !important; overflow: visible !important; }
  .${ROOT_CLASS} { display: block !important; color: #000; font: 11pt/1.45 "Segoe UI", Arial, sans-serif; }
  .${ROOT_CLASS} header { border-bottom: 1px solid #000; padding-bottom: 6pt; margin-bottom: 12pt; }
  .${ROOT_CLASS} h1 { font-size: 16pt; margin: 0 0 4pt; }
  .${ROOT_CLASS} h2 { font-size: 13pt; margin: 0 0 2pt; }
  .${ROOT_CLASS} .meta { font-size: 9pt; color: #333; margin: 0; }
  .${ROOT_CLASS} dl { margin: 10pt 0 0; }
  .${ROOT_CLASS} .entry { break-inside: avoid; margin: 0 0 10pt; }
  .${ROOT_CLASS} dt { font-weight: 600; }
  .${ROOT_CLASS} dd { margin: 0; white-space: pre-wrap; }
  .${ROOT_CLASS} .comments { margin: 4pt 0 0 12pt; padding-left: 8pt; border-left: 2px solid #999; font-size: 10pt; }
  .${ROOT_CLASS} .comment { margin: 0 0 4pt; white-space: pre-wrap; }
  .${ROOT_CLASS} .by { font-size: 8.5pt; color: #444; }
}`;

export interface PrintViewProps {
  document: PrintDocument;
  client: { nameFirst: string; nameLast: string; CPR6Digit: string; CPRLast4Digit: string };
  /** Changes with every 'Print' click, so printing the same section twice prints twice. */
  printId: number;
}

export default function PrintView({ document: doc, client, printId }: PrintViewProps) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [printedAt, setPrintedAt] = useState(() => Date.now());

  useEffect(() => {
    const root = window.document.createElement('div');
    root.className = ROOT_CLASS;
    const style = window.document.createElement('style');
    style.textContent = STYLE;
    window.document.head.appendChild(style);
    window.document.body.appendChild(root);
    setContainer(root);
    return () => {
      root.remove();
      style.remove();
    };
  }, []);

  useEffect(() => {
    if (!container) return;
    setPrintedAt(Date.now());
    // After the view is in the document; print() blocks until the dialog closes.
    const frame = window.requestAnimationFrame(() => window.setTimeout(() => window.print(), 0));
    return () => window.cancelAnimationFrame(frame);
  }, [container, printId]);

  if (!container) return null;
  return createPortal(
    <article aria-label={doc.title} data-testid="print-view">
      <header>
        <h1>{`${client.nameFirst} ${client.nameLast}`.trim()}</h1>
        <p className="meta">
          {T.cpr}: {client.CPR6Digit}-{client.CPRLast4Digit}
        </p>
        <p className="meta">{T.printed(formatWhen(printedAt))}</p>
      </header>
      <h2>{doc.title}</h2>
      {doc.subtitle && <p className="meta">{doc.subtitle}</p>}
      <dl>
        {doc.entries.map((entry, index) => (
          <div className="entry" key={`${entry.label}-${index}`}>
            <dt>{entry.label}</dt>
            <dd>{entry.value || T.noValue}</dd>
            {entry.comments && entry.comments.length > 0 && (
              <dd className="comments">
                {entry.comments.map((comment, at) => (
                  <p className="comment" key={at}>
                    {comment.text}
                    <br />
                    <span className="by">{texts.comments.by(comment.by, formatWhen(comment.at))}</span>
                  </p>
                ))}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </article>,
    container,
  );
}
