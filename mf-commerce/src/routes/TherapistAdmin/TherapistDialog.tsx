/**
 * Add or edit a therapist (spec 3 §5, Therapist add/edit form): first and last name, e-mail, phone (digits only) and
 * one or more occupations, checked in the browser with the schema the server uses (core's therapistFormSchema, so
 * the messages are the same), each field's error cleared as soon as it is edited. The server's refusal (a taken
 * e-mail, the limit of five) is shown in the dialog and as a toast. Loaded when first opened.
 */
import { useState } from 'react';
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  makeStyles,
} from '@fluentui/react-components';
import { fieldErrorsFromIssues, therapistFormSchema } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';
import { useMutation, useQuery } from '@klinik/ui';
import { therapistKeys, type TherapistApi, type TherapistFormInput, type TherapistRow } from './api';
import { withoutMessage } from './rules';
import { texts } from './texts';

const T = texts.form;
type TextField = 'nameFirst' | 'nameLast' | 'email' | 'phone';

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
  names: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))' },
  dropdown: { minWidth: 0, width: '100%' },
});

function withMessage(reason: unknown): never {
  throw reason instanceof Error && reason.message ? reason : new Error(T.saveFailed);
}

export default function TherapistDialog({
  api,
  therapist,
  notify,
  onAdded,
  onClose,
}: {
  api: TherapistApi;
  /** The therapist to edit, or null to add one. */
  therapist: TherapistRow | null;
  notify: (text: string, intent?: 'success' | 'error') => void;
  /** After an add: the new therapist (the plan choice follows). */
  onAdded: (added: { id: string; name: string }) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const occupations = useQuery(therapistKeys.occupations, () => api.occupations());
  const [form, setForm] = useState<TherapistFormInput>(() => ({
    nameFirst: therapist?.nameFirst ?? '',
    nameLast: therapist?.nameLast ?? '',
    email: therapist?.email ?? '',
    phone: therapist?.phone ?? '',
    occupation: (therapist?.occupation.map((occupation) => occupation.id) ?? []) as TherapistFormInput['occupation'],
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  // An add answers the new therapist's id (the plan choice follows); an edit only its message.
  const send = async (input: TherapistFormInput): Promise<{ message: string; addedId: string | null }> => {
    if (therapist) return { message: (await api.update(therapist.id, input)).message, addedId: null };
    const answer = await api.add(input);
    return { message: answer.message, addedId: answer.data[0]?.id ?? null };
  };
  const save = useMutation((input: TherapistFormInput) => send(input).catch(withMessage), {
    notify,
    errorToast: true,
    invalidates: [therapistKeys.list, therapistKeys.users],
    // A refusal said once: in the message bar, not again at its field ('Brugernavnet er taget' at the e-mail).
    onError: (message, fieldErrors) => setErrors(withoutMessage(fieldErrors, message)),
    onSuccess: (answer) => {
      if (answer.addedId) onAdded({ id: answer.addedId, name: `${form.nameFirst.trim()} ${form.nameLast.trim()}` });
      else onClose();
    },
  });

  function edit<K extends keyof TherapistFormInput>(field: K, value: TherapistFormInput[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    // Spec 3 §5: errors clear per field on editing.
    setErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  function submit() {
    save.reset();
    const parsed = therapistFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    void save.run(form);
  }

  const field = (name: TextField, label: string, props: { type?: 'email' | 'tel'; inputMode?: 'numeric'; autoComplete?: string } = {}) => (
    <Field label={label} required validationMessage={errors[name]} validationState={errors[name] ? 'error' : 'none'}>
      <Input value={form[name]} onChange={(_, data) => edit(name, data.value)} {...props} />
    </Field>
  );

  const options = occupations.data ?? [];
  const chosen = form.occupation.map((id) => options.find((option) => option.id === id)?.danishName ?? id);

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !save.pending && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{therapist ? T.editTitle : T.addTitle}</DialogTitle>
          <DialogContent className={styles.form}>
            <div className={styles.names}>
              {field('nameFirst', T.nameFirst, { autoComplete: 'off' })}
              {field('nameLast', T.nameLast, { autoComplete: 'off' })}
            </div>
            {field('email', T.email, { type: 'email', autoComplete: 'off' })}
            {field('phone', T.phone, { type: 'tel', inputMode: 'numeric', autoComplete: 'off' })}
            <Field
              label={T.occupation}
              required
              validationMessage={errors.occupation ?? (occupations.error ? `${T.occupationsFailed} ${occupations.error}` : undefined)}
              validationState={errors.occupation || occupations.error ? 'error' : 'none'}
            >
              <Dropdown
                className={styles.dropdown}
                multiselect
                placeholder={T.occupationPlaceholder}
                value={chosen.join(', ')}
                selectedOptions={form.occupation}
                onOptionSelect={(_, data) => edit('occupation', data.selectedOptions as TherapistFormInput['occupation'])}
              >
                {options.map((option) => (
                  <Option key={option.id} value={option.id}>
                    {option.danishName}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            {!therapist && <Caption1>{T.invitation}</Caption1>}
            {save.error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{save.error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={save.pending}>
              {T.cancel}
            </Button>
            <Button appearance="primary" onClick={submit} disabled={save.pending} icon={save.pending ? <Spinner size="tiny" /> : undefined}>
              {therapist ? T.save : T.add}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
