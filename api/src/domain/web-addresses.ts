/**
 * Web and mail addresses in text a clinic types that goes out under the platform's name: a clinic name
 * with a link in it turned our SMS reminders into phishing. Recognised by linkify-it (the linkifier of markdown-it)
 * with the full list of top-level domains (`tlds`), so 'fysio.dk', 'klinik-login.xyz', 'bit.ly/x', 'http://…' and
 * 'x@y.com' are addresses while 'St.Heddinge' or 'Dr. Hansen' are not.
 */
import { createRequire } from 'node:module';
import { LinkifyIt } from 'linkify-it';
import { companyMessages } from '@klinik/core';
import { ValidationError } from '../errors.js';

// The list is a JSON file: required, which Node and jest's ESM mode both load alike.
const tlds = createRequire(import.meta.url)('tlds') as string[];
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(tlds);

/** Whether `text` holds a web or mail address. */
export function hasWebAddress(text: string): boolean {
  return linkify.test(text);
}

/** `text` with every web and mail address taken out. */
export function withoutWebAddresses(text: string): string {
  const matches = linkify.match(text);
  if (!matches) return text;
  let result = '';
  let from = 0;
  for (const match of matches) {
    result += text.slice(from, match.index);
    from = match.lastIndex;
  }
  return result + text.slice(from);
}

/**
 * Refuses clinic-typed text that goes out under the platform's name (the clinic's name) when it holds an address:
 * 400 with the field's Danish message. `field` is the input's path (`companyName`, `companyInfo.companyName`).
 */
export function assertNoWebAddress(field: string, label: string, text: string): void {
  if (!hasWebAddress(text)) return;
  const message = companyMessages.noWebAddress(label);
  throw new ValidationError(message, { [field]: message });
}
