/**
 * The Stamdata as an editable record (saving/savers.ts): each field saves on its own as a partial change, so edits
 * of different fields never collide and no version is carried; the spec's rules are checked before a save, and a
 * refused save shows the server's message for that field.
 */
import type { ClientRecord } from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import { FIELD_SAVE_DEBOUNCE_MS } from '@klinik/core/records';
import type { RecordServices } from '../page/context';
import { EditableRecord, errorMessage } from '../saving/savers';
import { oneChange, stamdataValues, validateStamdata, type StamdataValues } from './stamdata';

export const stamdataKey = (clientId: string) => `client:${clientId}`;

/** The server's message for the field when it names one, else its general message. */
function stamdataError(field: string, error: unknown): string {
  if (error instanceof ActionError) {
    const key = Object.keys(error.errors).find((path) => path === field || path.endsWith(`.${field}`));
    if (key) return error.errors[key]!;
  }
  return errorMessage(error);
}

/**
 * Makes the client's Stamdata record, or brings the existing one up to `client` (fields being edited keep their
 * text). `onSaved` gets the client as every save answers it.
 */
export function adoptStamdata(services: RecordServices, client: ClientRecord, onSaved: (client: ClientRecord) => void): EditableRecord<StamdataValues> {
  const snapshot = { version: 0, values: stamdataValues(client) };
  const key = stamdataKey(client.id);
  services.records.peek<StamdataValues>(key)?.sync(snapshot);
  return services.records.get(key, () =>
    new EditableRecord<StamdataValues>({
      snapshot,
      debounceMs: FIELD_SAVE_DEBOUNCE_MS,
      validate: validateStamdata,
      describeError: stamdataError,
      persist: async (field, value) => {
        const answer = await services.api.setClient(client.id, oneChange(field, value));
        onSaved(answer.data);
        return { version: 0, values: stamdataValues(answer.data) };
      },
    }),
  );
}
