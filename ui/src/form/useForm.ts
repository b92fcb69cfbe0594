/**
 * A form's values, its check against the action's own zod input schema (the server's schema, so the browser and the
 * server refuse the same things with the same Danish messages), and the change it sends. One message per field:
 * the schema's on submit, or the server's when its 4xx names a field (`errors`, keyed by the zod path, as
 * core/src/errors.ts writes it); editing a field clears its message. Whatever no shown field says goes to `message`
 * (FormDialog puts it in the message bar).
 *
 *   const form = useForm({ schema: actions.addTreatment.input, initial: { name: '', price: '' }, send: api.addTreatment, notify, onSuccess: onClose });
 *   <Field label="Navn" {...form.field('name')}><Input value={form.values.name} onChange={(_, d) => form.set('name', d.value)} /></Field>
 */
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsFromIssues, type FieldErrors } from '@klinik/core/rules';
import { useMutation } from '../data/useMutation.js';
import type { MutationOptions } from '../data/mutation.js';

export interface FormOptions<V extends object, S extends z.ZodType, R> extends Omit<MutationOptions<R>, 'onError'> {
  /** The action's input schema from @klinik/core (`actions.<name>.input`, or the schema it is built from). */
  schema: S;
  initial: V | (() => V);
  /**
   * The values as the action's input; without it the values are the input. A field not chosen yet may be left out
   * (the schema then says it is missing, in its own words).
   */
  toInput?: (values: V) => Partial<z.input<S>>;
  /** What the schema cannot say about the values on screen (a choice not made yet): field → message. */
  check?: (values: V) => Readonly<Record<string, string | undefined>>;
  send: (input: z.input<S>) => Promise<R>;
  /**
   * The zod path the fields sit under in the input (`companyInfo` for `{ companyInfo: { … } }`): an error at
   * `companyInfo.email` is shown at the field `email`.
   */
  at?: string;
  /**
   * Where a refusal the server also pins on a field is said: at the field (default; the message bar then stays
   * empty) or only in the message bar ('Brugernavnet er taget' said once, above the buttons).
   */
  refusalAt?: 'field' | 'bar';
  onError?: MutationOptions<R>['onError'];
}

/** What a Fluent `Field` takes to show a field's message: spread it, `<Field label=… {...form.field('name')}>`. */
export interface FieldState {
  validationMessage: string | undefined;
  validationState: 'error' | 'none';
}

export interface Form<V extends object, R> {
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Changes several values at once (a choice that resets another); clears the messages of the fields it changes. */
  update: (change: (current: V) => V) => void;
  /** The message shown at `name` (a field name, or a path the form's `at` does not cover). */
  error: (name: string) => string | undefined;
  field: (name: string) => FieldState;
  /** The refusal no shown field says (the server's message, or a schema message without a field on screen). */
  message: string | null;
  /** Some field shows a message. */
  hasErrors: boolean;
  pending: boolean;
  /** Checks without sending (before a confirmation): true when the values pass; else the messages say why. */
  validate: () => boolean;
  /** Checks, then sends; resolves with the answer, or undefined when it was refused (the messages say why). */
  submit: () => Promise<R | undefined>;
}

/**
 * Errors keyed by the form's fields: the `at` prefix dropped, and a path inside a field (`to.2`, the third address
 * of `to`) given to that field; the first message of a field wins.
 */
function atFields(errors: FieldErrors, at: string | undefined, fieldNames: readonly string[]): FieldErrors {
  const result: FieldErrors = {};
  for (const [path, text] of Object.entries(errors)) {
    const own = at && path.startsWith(`${at}.`) ? path.slice(at.length + 1) : path;
    const field = fieldNames.includes(own) ? own : (fieldNames.find((name) => own.startsWith(`${name}.`)) ?? own);
    result[field] ??= text;
  }
  return result;
}

export function useForm<V extends object, S extends z.ZodType, R>(options: FormOptions<V, S, R>): Form<V, R> {
  const { schema, initial, toInput, check: extraCheck, send, at, refusalAt = 'field', onError, ...mutationOptions } = options;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation(send, {
    ...mutationOptions,
    onError: (message, fieldErrors) => {
      const own = atFields(fieldErrors, at, Object.keys(values));
      setErrors(refusalAt === 'bar' ? Object.fromEntries(Object.entries(own).filter(([, text]) => text !== message)) : own);
      setRefusal(message);
      onError?.(message, fieldErrors);
    },
  });

  const clear = useCallback((names: readonly PropertyKey[]) => {
    setErrors((current) => {
      const named = names.filter((name) => typeof name === 'string' && name in current) as string[];
      if (named.length === 0) return current;
      const rest = { ...current };
      for (const name of named) delete rest[name];
      return rest;
    });
  }, []);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    clear([name]);
  }, [clear]);

  const update = useCallback((change: (current: V) => V) => {
    setValues((current) => {
      const next = change(current);
      clear((Object.keys(next) as (keyof V)[]).filter((name) => next[name] !== current[name]));
      return next;
    });
  }, [clear]);

  const fieldNames = Object.keys(values);
  const error = (name: string) => errors[name];
  const field = (name: string): FieldState => ({ validationMessage: errors[name], validationState: errors[name] ? 'error' : 'none' });
  // A message no field on screen carries: the server's (unless a field says it), or a schema message without a field.
  const unshown = Object.entries(errors).find(([path]) => !fieldNames.includes(path))?.[1] ?? null;
  const fieldSaysIt = refusalAt === 'field' && Object.keys(errors).some((path) => fieldNames.includes(path));
  const message = (refusal !== null && !fieldSaysIt ? refusal : null) ?? unshown;

  function check(): z.input<S> | null {
    setRefusal(null);
    mutation.reset();
    const input: unknown = toInput ? toInput(values) : values;
    const parsed = schema.safeParse(input);
    const found: FieldErrors = parsed.success ? {} : atFields(fieldErrorsFromIssues(parsed.error.issues), at, Object.keys(values));
    for (const [name, text] of Object.entries(extraCheck?.(values) ?? {})) if (text) found[name] = text;
    setErrors(found);
    // `input` passed the action's own schema, so it is the action's input.
    return Object.keys(found).length > 0 ? null : (input as z.input<S>);
  }

  async function submit(): Promise<R | undefined> {
    if (mutation.pending) return undefined;
    const input = check();
    return input === null ? undefined : mutation.run(input);
  }

  return { values, set, update, error, field, message, hasErrors: Object.keys(errors).length > 0, pending: mutation.pending, validate: () => check() !== null, submit };
}
