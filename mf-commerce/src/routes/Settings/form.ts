/**
 * /Settings' pure parts: the form's draft of the company profile, its check with the server's own schema
 * (core's companyProfileInputSchema, so browser and server give the same Danish message), the address the page may
 * lead back to, and where the invoice PDF draws the logo (core/src/invoice-pdf.ts), for the preview.
 */
import { companyProfileInputSchema, fieldErrorsFromIssues, type CompanyProfile, type CompanyProfileInput } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';

/** What the inputs hold: the profile without its logo, every text as typed ('Betalingsfrist' too). */
export type CompanyDraft = Omit<CompanyProfile, 'logo' | 'dueDays'> & { dueDays: string };
export type CompanyTextField = Exclude<keyof CompanyDraft, 'moms'>;

export function draftOf(profile: CompanyProfile): CompanyDraft {
  const { logo: _logo, dueDays, ...draft } = profile;
  return { ...draft, dueDays: String(dueDays) };
}

/** The request `setCompany` gets from a draft (every field; the server trims and checks again). */
export function inputOf(draft: CompanyDraft): CompanyProfileInput {
  return { ...draft };
}

/** Field → message for what the server would refuse; empty when the draft can be saved. */
export function draftErrors(draft: CompanyDraft): FieldErrors {
  const parsed = companyProfileInputSchema.safeParse(inputOf(draft));
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
}

/**
 * The `returnTo` parameter, if it is a path inside this app ('/Faktura?bookingId=…'); anything else (another
 * origin, '//host', a scheme, backslashes, control characters) is dropped, so the link cannot lead away.
 */
export function safeReturnPath(raw: string | null): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters (a tab or newline inside '//' makes some parsers read a host).
  if ([...raw].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return null;
  try {
    const base = 'https://klinik.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    // Settings leading back to Settings would be a loop.
    if (url.pathname.toLowerCase() === '/settings') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The PDF's page and logo box, in millimetres (core/src/invoice-pdf.ts: A4, 20 mm margin, logo at y 12 within 50 × 16). */
export const INVOICE_PAGE = { width: 210, margin: 20, logoTop: 12, logoMaxWidth: 50, logoMaxHeight: 16 } as const;

/**
 * Where the PDF draws a logo of `width` × `height` pixels: scaled to fit 50 × 16 mm keeping its proportions
 * (small logos are enlarged to fit, as jsPDF does with the same scale), and the title's baseline 10 mm below it.
 */
export function logoPlacement(width: number, height: number): { width: number; height: number; titleBaseline: number } {
  const scale = Math.min(INVOICE_PAGE.logoMaxWidth / width, INVOICE_PAGE.logoMaxHeight / height);
  const drawnHeight = height * scale;
  return { width: width * scale, height: drawnHeight, titleBaseline: INVOICE_PAGE.logoTop + drawnHeight + 10 };
}
