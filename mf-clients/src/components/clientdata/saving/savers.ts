/**
 * Saving health records field by field without losing a word.
 *
 * An `EditableRecord` holds what the user sees (the draft) and what the server holds for each field of one
 * record (a journal, a custom field, a comment, the client's Stamdata). Each field saves on its own after the
 * debounce; the saves of one record run one after another (a queue), each on top of the version the previous
 * answer gave. A 409 (someone else saved meanwhile) reloads the record but keeps the user's text in the field,
 * marked as not saved, until the user chooses to save it on top or take the saved text: nothing is overwritten
 * silently, neither the user's text nor the other person's.
 *
 * Records live in a registry owned by the client page, not in the components, so closing an accordion (which
 * unmounts its panel) neither drops a pending save nor the text of a failed one.
 */
import { ActionError } from '@klinik/core/client';

export type SaveStatus = 'idle' | 'invalid' | 'pending' | 'saving' | 'saved' | 'error' | 'conflict';

export interface FieldState<V> {
  /** What the field shows. */
  draft: V;
  /** The value the server holds, as far as we know. */
  saved: V;
  status: SaveStatus;
  /** A message for the user (validation, server error or conflict); empty when none. */
  error: string;
}

export interface RecordSnapshot<T> {
  version: number;
  values: T;
}

export interface EditableRecordOptions<T extends object> {
  snapshot: RecordSnapshot<T>;
  debounceMs: number;
  /** Saves one field on top of `version`; answers the record as the server now holds it. */
  persist(field: keyof T & string, value: T[keyof T], version: number): Promise<RecordSnapshot<T>>;
  /** Fetches the record again after a conflict. */
  reload?(): Promise<RecordSnapshot<T> | null>;
  /** A message when the value must not be saved ('' hides the message but still holds the save back). */
  validate?(field: keyof T & string, value: T[keyof T]): string | null;
  /** Turns a failed save into the message under the field. */
  describeError?(field: keyof T & string, error: unknown): string;
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class EditableRecord<T extends object> {
  private readonly fields = new Map<keyof T & string, FieldState<T[keyof T]>>();
  /** The last value sent (or confirmed) per field: a draft equal to it needs no save. */
  private readonly sent = new Map<keyof T & string, T[keyof T]>();
  private readonly timers = new Map<keyof T & string, ReturnType<typeof setTimeout>>();
  /** Fields whose save is on its way: until it answers, `sent` does not say what the server will hold. */
  private readonly inFlight = new Set<keyof T & string>();
  private readonly listeners = new Set<() => void>();
  private tail: Promise<void> = Promise.resolve();
  private version: number;
  private running = 0;

  constructor(private readonly options: EditableRecordOptions<T>) {
    this.version = options.snapshot.version;
    for (const key of Object.keys(options.snapshot.values) as (keyof T & string)[]) {
      const value = options.snapshot.values[key];
      this.fields.set(key, { draft: value, saved: value, status: 'idle', error: '' });
      this.sent.set(key, value);
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  field<K extends keyof T & string>(key: K): FieldState<T[K]> {
    return (this.fields.get(key) ?? { draft: undefined, saved: undefined, status: 'idle', error: '' }) as FieldState<T[K]>;
  }

  get currentVersion(): number {
    return this.version;
  }

  /** The values the user sees (for printing). */
  drafts(): T {
    const values = {} as T;
    for (const [key, state] of this.fields) (values as Record<string, unknown>)[key] = state.draft;
    return values;
  }

  /** True while something typed has not reached the server. */
  hasUnsaved(): boolean {
    if (this.timers.size > 0 || this.running > 0) return true;
    for (const state of this.fields.values()) if (state.status === 'conflict' || state.status === 'error') return true;
    return false;
  }

  edit<K extends keyof T & string>(key: K, value: T[K]): void {
    const current = this.field(key);
    const message = this.options.validate?.(key, value) ?? null;
    this.clearTimer(key);
    if (message !== null) {
      this.set(key, { ...current, draft: value, status: 'invalid', error: message });
      return;
    }
    if (current.status === 'conflict') {
      // Still waiting for the user's choice: keep typing local.
      this.set(key, { ...current, draft: value });
      return;
    }
    // Back to what the server holds: nothing to send, and no save waits any more (unless one of another text is on
    // its way, which this text must follow).
    if (same(value, this.sent.get(key)) && current.status !== 'error' && !this.inFlight.has(key)) {
      this.set(key, { ...current, draft: value, status: current.status === 'invalid' || current.status === 'pending' ? 'idle' : current.status, error: '' });
      return;
    }
    this.set(key, { ...current, draft: value, status: 'pending', error: '' });
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.enqueue(key);
      }, this.options.debounceMs),
    );
  }

  /** Saves everything that waits for its debounce now (the page is closing, a panel is printed). */
  flush(): void {
    for (const key of [...this.timers.keys()]) {
      this.clearTimer(key);
      this.enqueue(key);
    }
  }

  /** After a conflict or an error: save the user's text on top of the version now known. */
  retry(key: keyof T & string): void {
    const current = this.field(key);
    this.set(key, { ...current, status: 'pending', error: '' });
    this.enqueue(key, true);
  }

  /** After a conflict: drop the user's text and show what the server holds. */
  takeSaved(key: keyof T & string): void {
    const current = this.field(key);
    this.clearTimer(key);
    this.sent.set(key, current.saved);
    this.set(key, { ...current, draft: current.saved, status: 'idle', error: '' });
  }

  /** Newer data from the server (a reload of the panel): fields the user is not editing follow it. */
  sync(snapshot: RecordSnapshot<T>): void {
    if (this.running > 0) return;
    if (snapshot.version < this.version) return;
    this.version = snapshot.version;
    this.applyServerValues(snapshot.values, null);
  }

  private enqueue(key: keyof T & string, force = false): void {
    this.running += 1;
    const task = async () => {
      try {
        await this.save(key, force);
      } finally {
        this.running -= 1;
        this.emit();
      }
    };
    this.tail = this.tail.then(task, task);
  }

  private async save(key: keyof T & string, force: boolean): Promise<void> {
    const before = this.field(key);
    if (before.status === 'conflict' && !force) return;
    if (before.status === 'invalid') return;
    const value = before.draft;
    if (!force && same(value, this.sent.get(key)) && before.status !== 'error') {
      this.set(key, { ...before, status: before.status === 'pending' ? 'saved' : before.status });
      return;
    }
    this.set(key, { ...before, status: 'saving', error: '' });
    this.inFlight.add(key);
    try {
      const answer = await this.options.persist(key, value, this.version);
      this.inFlight.delete(key);
      this.version = answer.version;
      this.sent.set(key, value);
      this.applyServerValues(answer.values, key);
      const after = this.field(key);
      const typedMeanwhile = !same(after.draft, value);
      // What was typed meanwhile keeps its own state (a pending save, or a rule's message).
      this.set(key, { ...after, saved: answer.values[key], status: typedMeanwhile ? after.status : 'saved', error: typedMeanwhile ? after.error : '' });
    } catch (error) {
      this.inFlight.delete(key);
      const after = this.field(key);
      if (error instanceof ActionError && error.status === 409) {
        this.set(key, { ...after, status: 'conflict', error: error.message });
        await this.reloadAfterConflict();
        return;
      }
      const message = this.options.describeError?.(key, error) ?? errorMessage(error);
      this.set(key, { ...after, status: 'error', error: message });
    }
  }

  private async reloadAfterConflict(): Promise<void> {
    if (!this.options.reload) return;
    try {
      const fresh = await this.options.reload();
      if (!fresh) return;
      this.version = fresh.version;
      this.applyServerValues(fresh.values, null);
    } catch {
      // The conflict message stays; the next save tries the reload again through a new conflict.
    }
  }

  /** Server values for every field; a field with the user's own unsaved text keeps showing that text. */
  private applyServerValues(values: T, savedKey: (keyof T & string) | null): void {
    for (const key of Object.keys(values) as (keyof T & string)[]) {
      if (key === savedKey) continue;
      const current = this.field(key);
      const value = values[key];
      const editing = this.timers.has(key) || current.status === 'conflict' || current.status === 'invalid' || current.status === 'error' || !same(current.draft, this.sent.get(key));
      if (editing) {
        this.set(key, { ...current, saved: value });
      } else {
        this.sent.set(key, value);
        this.set(key, { ...current, draft: value, saved: value });
      }
    }
  }

  private clearTimer(key: keyof T & string): void {
    const timer = this.timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(key);
  }

  private set(key: keyof T & string, state: FieldState<T[keyof T]>): void {
    this.fields.set(key, state);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The records of one client page, by key, so they outlive the panels that show them. */
export class RecordRegistry {
  private readonly records = new Map<string, EditableRecord<object>>();

  get<T extends object>(key: string, create: () => EditableRecord<T>): EditableRecord<T> {
    let record = this.records.get(key);
    if (!record) {
      record = create() as unknown as EditableRecord<object>;
      this.records.set(key, record);
    }
    return record as unknown as EditableRecord<T>;
  }

  /** The same record under a second key (a new comment, once the server gave it an id). */
  alias(key: string, record: EditableRecord<object>): void {
    if (!this.records.has(key)) this.records.set(key, record);
  }

  peek<T extends object>(key: string): EditableRecord<T> | undefined {
    return this.records.get(key) as unknown as EditableRecord<T> | undefined;
  }

  forget(key: string): void {
    this.records.delete(key);
  }

  flushAll(): void {
    for (const record of this.records.values()) record.flush();
  }

  hasUnsaved(): boolean {
    for (const record of this.records.values()) if (record.hasUnsaved()) return true;
    return false;
  }
}
