/**
 * The answer of a sandbox provider's consent page (endpoint/accounting.ts, endpoint/drive.ts): HTML never cached, under
 * a policy that allows nothing but its inline style and a form posting to itself, whose answer redirects to the return
 * route on the shell's origin (CSP's form-action covers that redirect).
 */
import { bodyParser } from '@koa/bodyparser';

interface HtmlContext {
  type: string;
  body: unknown;
  status: number;
  set(name: string, value: string): void;
}

export function sandboxHtml(returnOrigin: string) {
  return (ctx: HtmlContext, page: string, status = 200) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returnOrigin}; frame-ancestors 'none'`);
    ctx.body = page;
  };
}

/** The consent form's body (a few short fields). */
export const consentForm = () => bodyParser({ enableTypes: ['form'], formLimit: '16kb' });

/** A query or form value as text ('' for anything else). */
export const formText = (value: unknown) => (typeof value === 'string' ? value : '');
