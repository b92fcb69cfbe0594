/**
 * Inserts documents whose `_id`s are deterministic, a batch at a time, unordered, ignoring the ones that exist
 * already (duplicate `_id`): the way writes here are made idempotent, `_id` uniqueness at insert being the one atomic
 * guarantee FerretDB 1.24 gives (docs/architecture.md). Answers how many this call wrote; any other write error
 * is thrown. `onBatch` hears of each batch done (an import's progress).
 */
export async function insertNew<T>(
  insert: (docs: T[]) => Promise<unknown[]>,
  docs: readonly T[],
  batch: number,
  onBatch: (count: number) => void = () => undefined,
): Promise<number> {
  let added = 0;
  for (let index = 0; index < docs.length; index += batch) {
    const chunk = docs.slice(index, index + batch);
    try {
      added += (await insert(chunk)).length;
    } catch (error) {
      const writeErrors = (error as { writeErrors?: { code?: number; err?: { code?: number } }[] }).writeErrors;
      if (!writeErrors || !writeErrors.every((item) => (item.code ?? item.err?.code) === 11000)) throw error;
      added += chunk.length - writeErrors.length;
    }
    onBatch(chunk.length);
  }
  return added;
}
