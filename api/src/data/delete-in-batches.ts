/**
 * Deletes what `filter` matches a batch at a time: the ids first, then a delete by `_id` (FerretDB 1.24 fails a
 * deleteMany of tens of thousands of documents;
 * docs/decisions/0005-embedded-ferretdb-in-development-mongodb-in-production.md). For the sweepers' housekeeping;
 * `options` carries the reason a query may look across clinics (`crossTenant`).
 */
import type { Model } from 'mongoose';

// `any`: each model's Model type carries its own schema's document type, and no common Model type accepts them all.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for every model (see the line above)
export async function deleteInBatches(model: Model<any>, filter: Record<string, unknown>, options: { crossTenant?: string } = {}, batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = (await model.find(filter as never, { _id: 1 }).setOptions(options).limit(batch).lean<{ _id: unknown }[]>()).map((doc) => doc._id);
    if (ids.length === 0) return removed;
    removed += (await model.deleteMany({ _id: { $in: ids } } as never).setOptions(options)).deletedCount;
  }
}
