/**
 * Edit a company (spec 1 §5 'Administrator company edit'): its profile and its free SMS per month, checked in the
 * browser with the schema the server uses (core's companyAdminEditSchema, so the messages are the same), each
 * field's message cleared as soon as it is edited. 'Gem' asks first (spec 1 §2: each change after confirmation);
 * the server's refusal is shown at its fields and above the buttons. Loaded when first opened.
 */
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
} from '@fluentui/react-components';
import { companyAdminEditSchema, fieldErrorsFromIssues, platformMessages } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';
import { ConfirmDialog, useMutation } from '@klinik/ui';
import { adminKeys, type AdminApi, type CompanyRow, type Notify } from '../../api';
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

/** The server names a field by its path in the request ('companyInfo.post'); the form by its own name. */
function formErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^companyInfo\./, ''), message]));
}

export default function EditCompanyDialog({ api, company, notify, onClose }: { api: AdminApi; company: CompanyRow; notify: Notify; onClose: () => void }) {
  const styles = useStyles();
  const [draft, setDraft] = useState<CompanyDraft>(() => draftOf(company));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const input = { id: company.id, ...draft };
  const save = useMutation((companyInfo: typeof input) => api.setCompany(companyInfo), {
    notify,
    successText: platformMessages.companyUpdated,
    invalidates: [adminKeys.companies, adminKeys.audit],
    onError: (_message, fieldErrors) => setErrors(formErrors(fieldErrors)),
    onSuccess: onClose,
  });

  function edit(field: DraftField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  function submit() {
    save.reset();
    const parsed = companyAdminEditSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setConfirming(true);
  }

  const hasFieldErrors = Object.keys(errors).length > 0;
  // The server's message once; at a field when it names one, else above the buttons.
  const generalError = save.error && !Object.values(errors).includes(save.error) ? save.error : null;
  const alert = generalError ?? (hasFieldErrors ? T.fixErrors : null);

  return (
    <>
      <Dialog open onOpenChange={(_, data) => !data.open && !save.pending && onClose()}>
        <DialogSurface>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <DialogBody>
              <DialogTitle>{T.title(company.companyName)}</DialogTitle>
              <DialogContent className={styles.form}>
                {FIELDS.map((field) => (
                  <Field
                    key={field.name}
                    className={field.name === 'companyName' || field.name === 'address' ? styles.wide : undefined}
                    label={T[field.name]}
                    required={field.required}
                    validationMessage={errors[field.name]}
                    validationState={errors[field.name] ? 'error' : 'none'}
                  >
                    <Input
                      value={draft[field.name]}
                      maxLength={field.maxLength}
                      type={field.type ?? 'text'}
                      inputMode={field.inputMode}
                      autoComplete="off"
                      onChange={(_, data) => edit(field.name, data.value)}
                    />
                  </Field>
                ))}
                {alert && (
                  <MessageBar className={styles.wide} intent="error" role="alert">
                    <MessageBarBody>{alert}</MessageBarBody>
                  </MessageBar>
                )}
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose} disabled={save.pending}>
                  {texts.page.cancel}
                </Button>
                <Button appearance="primary" type="submit" disabled={save.pending} icon={save.pending ? <Spinner size="tiny" /> : undefined}>
                  {T.save}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {confirming && (
        <ConfirmDialog
          open
          title={T.confirmTitle}
          body={T.confirmBody(draft.companyName.trim() || company.companyName)}
          confirmLabel={T.confirm}
          cancelLabel={texts.page.cancel}
          onClose={() => setConfirming(false)}
          // The confirmation closes at once; the outcome shows in the form (its fields, its message) and as a toast.
          onConfirm={() => {
            void save.run(input);
          }}
        />
      )}
    </>
  );
}
