/**
 * Once-markers: something that must happen once per key (a client's fixed Stamjournal fields are created on the
 * first read) is guarded by inserting a marker whose `_id` is the key; of two first reads racing, one insert wins.
 * The only way to the StamjournalSeed model (its scope rule in models/journals.ts); keys are ids of records the
 * caller has already found in its clinic.
 */
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';

export interface OnceMarkers {
  has(key: string): Promise<boolean>;
  /** True for exactly one caller per key. */
  claim(key: string): Promise<boolean>;
  forget(key: string): Promise<void>;
}

export function stamjournalSeeds(models: Models): OnceMarkers {
  const { StamjournalSeed } = models;
  return {
    async has(key) {
      return Boolean(await StamjournalSeed.exists({ _id: key }));
    },
    async claim(key) {
      try {
        await StamjournalSeed.create({ _id: key });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async forget(key) {
      await StamjournalSeed.deleteOne({ _id: key });
    },
  };
}
