/**
 * Add or edit a therapist (spec 3 §5, Therapist add/edit form): first and last name, e-mail, phone (digits only) and
 * one or more occupations, checked in the browser with the schema the server uses (core's therapistFormSchema, so
 * the messages are the same), each field's error cleared as soon as it is edited. The server's refusal (a taken
 * e-mail, the limit of five) is shown in the dialog and as a toast. Loaded when first opened.
 */
import { Caption1, Dropdown, Field, Input, Option, makeStyles } from '@fluentui/react-components';
import { therapistFormSchema } from '@klinik/core';
import { FormDialog, useForm, useQuery } from '@klinik/ui';
import { therapistKeys, type TherapistApi, type TherapistFormInput, type TherapistRow } from './api';
import { texts } from './texts';

const T = texts.form;
type TextField = 'nameFirst' | 'nameLast' | 'email' | 'phone';

const useStyles = makeStyles({
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
  // An add answers the new therapist's id (the plan choice follows); an edit only its message.
  const send = async (input: TherapistFormInput): Promise<{ message: string; addedId: string | null }> => {
    if (therapist) return { message: (await api.update(therapist.id, input)).message, addedId: null };
    const answer = await api.add(input);
    return { message: answer.message, addedId: answer.data[0]?.id ?? null };
  };
  const form = useForm({
    schema: therapistFormSchema,
    initial: (): TherapistFormInput => ({
      nameFirst: therapist?.nameFirst ?? '',
      nameLast: therapist?.nameLast ?? '',
      email: therapist?.email ?? '',
      phone: therapist?.phone ?? '',
      occupation: (therapist?.occupation.map((occupation) => occupation.id) ?? []) as TherapistFormInput['occupation'],
    }),
    send: (input: TherapistFormInput) => send(input).catch(withMessage),
    notify,
    errorToast: true,
    invalidates: [therapistKeys.list, therapistKeys.users],
    // A refusal said once: in the message bar, not again at its field ('Brugernavnet er taget' at the e-mail).
    refusalAt: 'bar',
    onSuccess: (answer) => {
      if (answer.addedId) onAdded({ id: answer.addedId, name: `${form.values.nameFirst.trim()} ${form.values.nameLast.trim()}` });
      else onClose();
    },
  });

  // Spec 3 §5: errors clear per field on editing (useForm's set).
  const field = (name: TextField, label: string, props: { type?: 'email' | 'tel'; inputMode?: 'numeric'; autoComplete?: string } = {}) => (
    <Field label={label} required {...form.field(name)}>
      <Input value={form.values[name]} onChange={(_, data) => form.set(name, data.value)} {...props} />
    </Field>
  );

  const options = occupations.data ?? [];
  const chosen = form.values.occupation.map((id) => options.find((option) => option.id === id)?.danishName ?? id);
  const occupationError = form.error('occupation') ?? (occupations.error ? `${T.occupationsFailed} ${occupations.error}` : undefined);

  return (
    <FormDialog title={therapist ? T.editTitle : T.addTitle} submitLabel={therapist ? T.save : T.add} cancelLabel={T.cancel} form={form} onClose={onClose}>
      <div className={styles.names}>
        {field('nameFirst', T.nameFirst, { autoComplete: 'off' })}
        {field('nameLast', T.nameLast, { autoComplete: 'off' })}
      </div>
      {field('email', T.email, { type: 'email', autoComplete: 'off' })}
      {field('phone', T.phone, { type: 'tel', inputMode: 'numeric', autoComplete: 'off' })}
      <Field label={T.occupation} required validationMessage={occupationError} validationState={occupationError ? 'error' : 'none'}>
        <Dropdown
          className={styles.dropdown}
          multiselect
          placeholder={T.occupationPlaceholder}
          value={chosen.join(', ')}
          selectedOptions={form.values.occupation}
          onOptionSelect={(_, data) => form.set('occupation', data.selectedOptions as TherapistFormInput['occupation'])}
        >
          {options.map((option) => (
            <Option key={option.id} value={option.id}>
              {option.danishName}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {!therapist && <Caption1>{T.invitation}</Caption1>}
    </FormDialog>
  );
}
