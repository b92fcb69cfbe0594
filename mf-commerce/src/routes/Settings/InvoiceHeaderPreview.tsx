/**
 * The top of an invoice as the PDF renderer draws it (core/src/invoice-pdf.ts), in HTML: an A4-wide frame measured
 * in millimetres through container units, the logo at the left margin 12 mm from the top within 50 × 16 mm, the
 * title 10 mm below it, the clinic's name and address on the right. The PDF renderer itself (jsPDF, ~100 KB) is not
 * loaded for this: the geometry is the same, and the issued invoice's preview in mf-invoices is the real PDF.
 */
import { useState, type CSSProperties } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { INVOICE_PAGE, logoPlacement, type CompanyDraft } from './form';
import { texts } from './texts';

const T = texts.logo;
/** Millimetres on the page → a length in the frame (100cqw is the page's 210 mm). */
const mm = (value: number) => `${((value / INVOICE_PAGE.width) * 100).toFixed(3)}cqw`;
/** A font size in points → the frame (1 pt = 0.3528 mm). */
const pt = (value: number) => mm(value * 0.3528);
/** jsPDF places text by its baseline; a line box's top sits about one cap height above it. */
const top = (baseline: number, size: number) => mm(baseline - size * 0.3528 * 0.75);

const useStyles = makeStyles({
  frame: {
    width: '100%',
    maxWidth: '560px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: '#ffffff',
    color: '#000000',
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  page: { position: 'relative', width: '100%', aspectRatio: `${INVOICE_PAGE.width} / 48`, fontFamily: 'Helvetica, Arial, sans-serif' },
  text: { position: 'absolute', margin: 0, whiteSpace: 'nowrap', lineHeight: 1 },
});

export function InvoiceHeaderPreview({ draft, logo }: { draft: CompanyDraft; logo: string | null }) {
  const styles = useStyles();
  const [natural, setNatural] = useState<{ src: string; width: number; height: number } | null>(null);
  const size = logo && natural?.src === logo ? logoPlacement(natural.width, natural.height) : null;
  const titleBaseline = size ? size.titleBaseline : 28;
  const right: CSSProperties = { right: mm(INVOICE_PAGE.margin), textAlign: 'right' };
  const lines = [draft.address, `${draft.post} ${draft.town}`, `${T.cvr}: ${draft.CVR}`, `${T.phone}: ${draft.phone}`, draft.email];

  return (
    // The container is the page: its children measure in cqw, so the preview scales with the screen.
    <figure className={styles.frame} style={{ containerType: 'inline-size', margin: 0 }} aria-label={T.previewLabel} role="figure">
      <div className={styles.page}>
        {logo && (
          <img
            src={logo}
            alt={T.previewTitle}
            onLoad={(event) => setNatural({ src: logo, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            style={{
              position: 'absolute',
              left: mm(INVOICE_PAGE.margin),
              top: mm(INVOICE_PAGE.logoTop),
              width: size ? mm(size.width) : mm(INVOICE_PAGE.logoMaxWidth),
              height: size ? mm(size.height) : mm(INVOICE_PAGE.logoMaxHeight),
              objectFit: 'contain',
              objectPosition: 'left top',
            }}
          />
        )}
        <p className={styles.text} style={{ left: mm(INVOICE_PAGE.margin), top: top(titleBaseline, 20), fontSize: pt(20), fontWeight: 700 }}>
          {T.invoiceTitle}
        </p>
        <p className={styles.text} style={{ ...right, top: top(22, 11), fontSize: pt(11), fontWeight: 700 }}>
          {draft.companyName}
        </p>
        {lines.map((line, index) => (
          <p key={index} className={styles.text} style={{ ...right, top: top(27 + index * 4.5, 9.5), fontSize: pt(9.5) }}>
            {line}
          </p>
        ))}
      </div>
    </figure>
  );
}
