/**
 * What the invoice dialog's form holds and what the server makes of it: the settings sent for the preview and the
 * invoice, and a refusal split into the list the dialog shows (the server joins its reasons with '||') and the
 * discount's own message.
 */
import { splitInvoiceErrors } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';
import type { InvoiceSettings } from '../api';
import { texts } from '../texts';

export interface Choices {
  credit: boolean;
  discount: string;
  /** null: the clinic's default (company profile 'moms'), so a click is never overwritten by it arriving. */
  moms: boolean | null;
  treatmentText: boolean;
  aktuelBehandling: boolean;
  followUpText: boolean;
  /** More treatments of the same visit, each a line with its own VAT. */
  extraTreatmentIds: string[];
}

export const initialChoices = (credit: boolean): Choices => ({ credit, discount: '', moms: null, treatmentText: false, aktuelBehandling: false, followUpText: false, extraTreatmentIds: [] });

/** The more lines sent: none for a credit note, which repeats its invoice's lines. */
export function extraTreatmentIdsOf(choices: Choices): string[] {
  return choices.credit ? [] : choices.extraTreatmentIds;
}

export function toSettings(choices: Choices, clinicMoms: boolean): InvoiceSettings {
  return {
    type: !choices.credit,
    // A credit note repeats its invoice's amounts; what was typed for a discount does not apply.
    discount: choices.credit || choices.discount.trim() === '' ? 0 : choices.discount.trim(),
    moms: choices.moms ?? clinicMoms,
    treatmentText: choices.treatmentText,
    aktuelBehandling: choices.aktuelBehandling,
    followUpText: choices.followUpText,
  };
}

/** The discount's message of a refusal, if it names the discount. */
export function discountProblem(errors: FieldErrors): string | undefined {
  return errors['settings.discount'] ?? errors['discount'];
}

/** The reasons of a refusal as a list, without the discount's (shown under its field). */
export function problemsOf(message: string, errors: FieldErrors): string[] {
  const discount = discountProblem(errors);
  const problems = splitInvoiceErrors(message).filter((problem) => problem !== discount);
  return problems.length > 0 || discount ? problems : [texts.dialog.failed];
}
