/**
 * `/Settings` (spec 3, Company settings; §3 Company profile fields; §5 Company profile; §6 roles; §8 Logo too large):
 * the clinic's profile as it prints on invoices, and its logo.
 * - The owner edits; every field is checked with the server's own schema as typed after the first 'Gem', and the
 *   server's per-field answer is shown beside its field. A refused save keeps everything typed.
 * - The logo is checked (type by name, at most 5,120,000 bytes) before it is sent; the server checks again and
 *   decodes it. The preview shows it where the invoice PDF puts it.
 * - A therapist who is not the owner sees the same, read-only (spec 3 §6).
 * - `?returnTo=<path>` (the invoice dialog's 'Firmaindstillinger' link): once saved, a button leads back there.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Spinner,
  Switch,
  Text,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { logoFileProblem, type CompanyProfile } from '@klinik/core';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, QueryView, useMutation, useNotifications, useQuery } from '@klinik/ui';
import { accountingTexts } from '../../accounting/texts';
import { lazyPart } from '../../components/lazyPart';
import { companyKey, settingsApi, type SettingsApi } from './api';
import { draftErrors, draftOf, inputOf, safeReturnPath, type CompanyDraft, type CompanyTextField } from './form';
import { InvoiceHeaderPreview } from './InvoiceHeaderPreview';
import { NextInvoiceNumber } from './NextInvoiceNumber';
import { texts } from './texts';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '880px', minWidth: 0 },
  form: { display: 'grid', gap: '20px', minWidth: 0 },
  section: { display: 'grid', gap: '12px', minWidth: 0, border: 'none', margin: 0, padding: 0 },
  heading: { margin: 0 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))', gap: '12px 16px', alignItems: 'start', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  logoRow: { display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  hiddenInput: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0, padding: 0, margin: '-1px' },
  skeleton: { display: 'grid', gap: '12px', maxWidth: '880px' },
  skeletonGrid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))', gap: '16px' },
});

type Notify = (text: string, intent?: 'success' | 'error') => void;

const SECTIONS: { title: string; fields: CompanyTextField[] }[] = [
  { title: texts.sections.company, fields: ['companyName', 'CVR'] },
  { title: texts.sections.contact, fields: ['email', 'phone', 'address', 'post', 'town'] },
  { title: texts.sections.payment, fields: ['regNumber', 'accountNumber', 'mobilePay', 'dueDays'] },
];
const REQUIRED = new Set<CompanyTextField>(['companyName', 'email', 'phone', 'address', 'town', 'post']);
const DIGITS = new Set<CompanyTextField>(['CVR', 'post', 'regNumber', 'accountNumber', 'mobilePay', 'dueDays']);
const HINTS: Partial<Record<CompanyTextField, string>> = texts.hints;

function SettingsSkeleton() {
  const styles = useStyles();
  return (
    <Skeleton className={styles.skeleton} aria-label={texts.title}>
      <div className={styles.skeletonGrid}>
        {Array.from({ length: 10 }, (_, index) => (
          <SkeletonItem key={index} size={32} />
        ))}
      </div>
      <SkeletonItem size={96} />
    </Skeleton>
  );
}

function LogoSection({ api, logo, draft, editable, notify, onUploaded }: { api: SettingsApi; logo: string | null; draft: CompanyDraft; editable: boolean; notify: Notify; onUploaded: (logo: string | null) => void }) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation((file: File) => api.uploadLogo(file), { notify, invalidates: [companyKey], onSuccess: (answer) => onUploaded(answer.data.logo) });

  function chosen(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    upload.reset();
    // Refused here before a byte is sent; the server applies the same rule (and decodes the content).
    const refusal = logoFileProblem(file);
    setProblem(refusal);
    if (!refusal) void upload.run(file);
  }

  const message = problem ?? upload.fieldErrors.logo ?? upload.error;
  return (
    <section className={styles.section} aria-labelledby="settings-logo">
      <Title3 as="h2" id="settings-logo" className={styles.heading}>
        {texts.sections.logo}
      </Title3>
      {editable && (
        <div className={styles.logoRow}>
          <input
            ref={input}
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            className={styles.hiddenInput}
            tabIndex={-1}
            aria-hidden
            onChange={(event) => chosen(event.currentTarget.files?.[0])}
          />
          <Button icon={upload.pending ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={upload.pending} onClick={() => input.current?.click()}>
            {upload.pending ? texts.logo.uploading : logo ? texts.logo.replace : texts.logo.choose}
          </Button>
          <Text>{texts.logo.hint}</Text>
        </div>
      )}
      {message && (
        <Text role="alert" className={styles.error}>
          {message}
        </Text>
      )}
      {!logo && <Text>{texts.logo.none}</Text>}
      <Text weight="semibold">{texts.logo.previewTitle}</Text>
      <InvoiceHeaderPreview draft={draft} logo={logo} />
    </section>
  );
}

function CompanyForm({ profile, api, isOwner, notify, returnTo }: { profile: CompanyProfile; api: SettingsApi; isOwner: boolean; notify: Notify; returnTo: string | null }) {
  const styles = useStyles();
  const navigate = useNavigate();
  // The profile as loaded once; reloads after a save never overwrite what is being typed.
  const [draft, setDraft] = useState<CompanyDraft>(() => draftOf(profile));
  const [logo, setLogo] = useState(profile.logo);
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useMutation((input: CompanyDraft) => api.save(inputOf(input)), {
    notify,
    invalidates: [companyKey],
    onSuccess: (answer) => {
      // The server's own reading (trimmed, spaces taken out of numbers) becomes the form.
      setDraft(draftOf(answer.data));
      setSubmitted(false);
      setSaved(true);
    },
  });
  const clientErrors = useMemo(() => draftErrors(draft), [draft]);
  const errorOf = (field: keyof CompanyDraft): string | undefined => (submitted ? clientErrors[field] : undefined) ?? save.fieldErrors[field];
  const editable = isOwner && !save.pending;

  function change(field: CompanyTextField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isOwner) return;
    setSubmitted(true);
    save.reset();
    if (Object.keys(clientErrors).length === 0) void save.run(draft);
  }

  const invalid = submitted && Object.keys(clientErrors).length > 0;
  return (
    <div className={styles.page}>
      {!isOwner && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{texts.readOnly}</MessageBarBody>
        </MessageBar>
      )}
      {saved && returnTo && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>{texts.savedForInvoice}</MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" icon={<ArrowLeftRegular />} onClick={() => navigate(returnTo)}>
              {texts.backToInvoice}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <Text>{texts.intro}</Text>
      <form className={styles.form} noValidate onSubmit={submit} aria-label={texts.title}>
        {SECTIONS.map((section, index) => (
          <section key={section.title} className={styles.section} aria-labelledby={`settings-section-${index}`}>
            <Title3 as="h2" id={`settings-section-${index}`} className={styles.heading}>
              {section.title}
            </Title3>
            <div className={styles.grid}>
              {section.fields.map((field) => {
                const error = errorOf(field);
                return (
                  <Field key={field} label={texts.labels[field]} required={isOwner && REQUIRED.has(field)} hint={isOwner ? HINTS[field] : undefined} validationMessage={error} validationState={error ? 'error' : 'none'}>
                    <Input
                      value={draft[field]}
                      readOnly={!editable}
                      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                      inputMode={DIGITS.has(field) ? 'numeric' : undefined}
                      autoComplete="off"
                      onChange={(_, data) => change(field, data.value)}
                    />
                  </Field>
                );
              })}
              {section.fields.includes('CVR') && (
                <div>
                  <Switch
                    checked={draft.moms}
                    disabled={!editable}
                    label={texts.labels.moms}
                    onChange={(_, data) => setDraft((current) => ({ ...current, moms: data.checked }))}
                  />
                  <Text block size={200}>
                    {texts.hints.moms}
                  </Text>
                </div>
              )}
            </div>
          </section>
        ))}
        {(invalid || save.error) && (
          <MessageBar intent="error" role="alert" layout="multiline">
            <MessageBarBody>{invalid ? texts.fixErrors : save.error}</MessageBarBody>
          </MessageBar>
        )}
        {isOwner && (
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={save.pending} icon={save.pending ? <Spinner size="tiny" /> : undefined}>
              {save.pending ? texts.saving : texts.save}
            </Button>
          </div>
        )}
      </form>
      <LogoSection api={api} logo={logo} draft={draft} editable={isOwner} notify={notify} onUploaded={setLogo} />
    </div>
  );
}

const usePageStyles = makeStyles({ accounting: { display: 'grid', gap: '8px', marginTop: '24px', maxWidth: '720px' } });

const AccountingToggle = lazyPart(() => import('../../accounting/AccountingToggle'));
// Its dialogs and the provider's fields are for the owner's rare visit: loaded after the company form.
const BookingPaymentAccount = lazyPart(() => import('./BookingPaymentAccount'));

export default function SettingsPage({ shell }: RemotePageProps) {
  const styles = usePageStyles();
  const api = useMemo(() => settingsApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const isOwner = shell.therapist?.isAdmin ?? false;
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const company = useQuery(companyKey, api.company);
  return (
    <section>
      {toaster}
      <PageHeader title={texts.title} />
      <QueryView query={company} errorTitle={texts.loadFailed} loading={<SettingsSkeleton />}>
        {(profile) => <CompanyForm profile={profile} api={api} isOwner={isOwner} notify={notify} returnTo={returnTo} />}
      </QueryView>
      <NextInvoiceNumber client={shell.client} readOnly={!isOwner} />
      <BookingPaymentAccount client={shell.client} readOnly={!isOwner} notify={notify} />
      {/* The accounting toggle (connect or remove; spec 3, Company settings), loaded after the form. */}
      <section className={styles.accounting} aria-labelledby="settings-accounting">
        <Title3 as="h2" id="settings-accounting">
          {accountingTexts.integration}
        </Title3>
        <AccountingToggle client={shell.client} readOnly={!isOwner} />
      </section>
    </section>
  );
}
