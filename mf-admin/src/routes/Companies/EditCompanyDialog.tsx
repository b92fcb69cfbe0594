/**
 * Edit a company (spec 1 §5 'Administrator company edit'): its profile and its free SMS per month, checked in the
 * browser with the schema the server uses (core's companyAdminEditSchema, so the messages are the same), each
 * field's message cleared as soon as it is edited. 'Gem' asks first (spec 1 §2: each change after confirmation);
 * the server's refusal is shown at its fields and above the buttons. Loaded when first opened.
 */
import { Field, Input, makeStyles } from '@fluentui/react-components';
import { actions, platformMessages } from '@klinik/core';
import { FormDialog, useForm } from '@klinik/ui';
import { adminKeys, type CompanyRow } from '../../api';
import { useModule } from '../../module';
import { texts } from '../../texts';

const T = texts.edit;

/** Every field as the inputs hold it. */
interface CompanyDraft {
  companyName: string;
  CVR: string;
  address: string;
  post: string;
  town: string;
  email: string;
  phone: string;
  contactPersion: string;
  freeTextsPerMonth: string;
}
type DraftField = keyof CompanyDraft;

/** The inputs' limits (spec 1 §5: post and free SMS at most 8 characters; the schema has the rest). */
const FIELDS: readonly { name: DraftField; required: boolean; maxLength: number; type?: 'email' | 'tel'; inputMode?: 'numeric' }[] = [
  { name: 'companyName', required: true, maxLength: 100 },
  { name: 'CVR', required: false, maxLength: 8, inputMode: 'numeric' },
  { name: 'address', required: true, maxLength: 100 },
  { name: 'post', required: true, maxLength: 8, inputMode: 'numeric' },
  { name: 'town', required: true, maxLength: 100 },
  { name: 'email', required: true, maxLength: 100, type: 'email' },
  { name: 'phone', required: true, maxLength: 20, type: 'tel' },
  { name: 'contactPersion', required: false, maxLength: 100 },
  { name: 'freeTextsPerMonth', required: true, maxLength: 8, inputMode: 'numeric' },
];

const useStyles = makeStyles({
  // 'start': a field with a message under it does not stretch the input beside it.
  form: { display: 'grid', gap: '12px', alignItems: 'start', gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))' },
  wide: { gridColumn: '1 / -1' },
});

function draftOf(company: CompanyRow): CompanyDraft {
  return {
    companyName: company.companyName,
    CVR: company.CVR,
    address: company.address,
    post: company.post,
    town: company.town,
    email: company.email,
    phone: company.phone,
    contactPersion: company.contactPersion,
    freeTextsPerMonth: String(company.freeTextsPerMonth),
  };
}

export default function EditCompanyDialog({ company, onClose }: { company: CompanyRow; onClose: () => void }) {
  const styles = useStyles();
  const { api, notify } = useModule();
  const form = useForm({
    schema: actions.setCompanySuperadmin.input,
    initial: () => draftOf(company),
    toInput: (draft) => ({ companyInfo: { id: company.id, ...draft } }),
    // The server names a field by its path in the request ('companyInfo.post'); the form by its own name.
    at: 'companyInfo',
    send: (input) => api.setCompany(input.companyInfo),
    notify,
    successText: platformMessages.companyUpdated,
    invalidates: [adminKeys.companies, adminKeys.audit],
    onSuccess: onClose,
  });

  return (
    <FormDialog
      title={T.title(company.companyName)}
      submitLabel={T.save}
      cancelLabel={texts.page.cancel}
      form={form}
      // The server's message once: at a field when it names one, else above the buttons.
      error={form.message ?? (form.hasErrors ? T.fixErrors : null)}
      confirm={{ title: T.confirmTitle, body: T.confirmBody(form.values.companyName.trim() || company.companyName), confirmLabel: T.confirm }}
      contentClassName={styles.form}
      onClose={onClose}
    >
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          className={field.name === 'companyName' || field.name === 'address' ? styles.wide : undefined}
          label={T[field.name]}
          required={field.required}
          {...form.field(field.name)}
        >
          <Input
            value={form.values[field.name]}
            maxLength={field.maxLength}
            type={field.type ?? 'text'}
            inputMode={field.inputMode}
            autoComplete="off"
            onChange={(_, data) => form.set(field.name, data.value)}
          />
        </Field>
      ))}
    </FormDialog>
  );
}
