/**
 * Custom fields as editable records (saving/savers.ts): each field's text saves on top of its version; a conflict
 * fetches the field again to show what the server holds.
 */
import type { CustomField } from '@klinik/core';
import { FIELD_SAVE_DEBOUNCE_MS } from '@klinik/core/records';
import type { ClientPageServices, RecordServices } from '../page/context';
import type { PrintEntry } from '../page/printModel';
import { EditableRecord } from '../saving/savers';
import { commentTarget } from './commentStore';

export type FieldValue = { value: string };

/** Fetches the list a field belongs to (the Stamjournal's or a journal's), straight from the server. */
export type FetchFields = () => Promise<CustomField[]>;

export const customFieldKey = (id: string) => `field:${id}`;

/** The record of one custom field, saved on top of its version; a conflict reloads the list it came from. */
export function customFieldRecord(services: RecordServices, field: CustomField, fetchFields: FetchFields): EditableRecord<FieldValue> {
  return new EditableRecord<FieldValue>({
    snapshot: { version: field.version, values: { value: field.value } },
    debounceMs: FIELD_SAVE_DEBOUNCE_MS,
    persist: async (_key, value, version) => {
      const answer = await services.api.setCustomField({ id: field.id, version, value });
      return { version: answer.data.version, values: { value: answer.data.value } };
    },
    reload: async () => {
      const fresh = (await fetchFields()).find((item) => item.id === field.id);
      return fresh ? { version: fresh.version, values: { value: fresh.value } } : null;
    },
  });
}

/** Gets (or makes) the records of the fields and seeds their comments; called whenever the list is loaded. */
export function adoptCustomFields(services: RecordServices, fields: readonly CustomField[], fetchFields: FetchFields): void {
  for (const field of fields) {
    const existing = services.records.peek<FieldValue>(customFieldKey(field.id));
    if (existing) existing.sync({ version: field.version, values: { value: field.value } });
    else services.records.get(customFieldKey(field.id), () => customFieldRecord(services, field, fetchFields));
    services.comments.seed(commentTarget.customField(field.id), field.comments);
  }
}

/** The fields as printed: the texts the panel shows, with their comments. */
export function customFieldPrintEntries(services: ClientPageServices, fields: readonly CustomField[]): PrintEntry[] {
  return fields.map((field) => {
    const record = services.records.peek<FieldValue>(customFieldKey(field.id));
    record?.flush();
    return {
      label: field.name,
      value: record ? record.field('value').draft : field.value,
      comments: services.comments.get(commentTarget.customField(field.id)).map((comment) => ({ by: comment.createdBy, at: comment.createdAt, text: comment.value })),
    };
  });
}
