/**
 * The import form (spec 2 §5 'Import files'): the five files (each required, CSV or Excel) or one zip holding them,
 * the system they come from and the e-mail for the report; checked here with the API's own rules
 * (`importFileProblems`) before anything is sent, then sent as one upload with each file's progress. The API checks
 * it all again and opens every file; its reasons show at the file they are about, or above the form.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Caption1, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, ProgressBar, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import {
  IMPORT_FILE_FIELDS,
  IMPORT_SOURCES,
  IMPORT_TABLE_EXTENSIONS,
  IMPORT_ZIP_FIELD,
  importFileProblems,
  importMessages as M,
  messages,
  type ImportRunView,
} from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import { fileProgress, kilobytes } from '../SupportImportData/rules';
import type { ImportApi } from './api';
import { texts } from './texts';

const T = texts.form;
const FIELDS = [...IMPORT_FILE_FIELDS, IMPORT_ZIP_FIELD] as const;
const ACCEPT_TABLE = IMPORT_TABLE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gap: '16px',
    padding: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { margin: 0 },
  files: { display: 'grid', gap: '12px' },
  file: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  name: { overflowWrap: 'anywhere' },
  bar: { flexBasis: '100%' },
  zip: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '12px' },
  fields: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' },
  actions: { display: 'flex', gap: '12px', alignItems: 'center' },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ImportForm({ api, defaultEmail, disabled, onStarted }: { api: ImportApi; defaultEmail: string; disabled: boolean; onStarted: (run: ImportRunView) => void }) {
  const styles = useStyles();
  const [files, setFiles] = useState<Partial<Record<string, File>>>({});
  const [domain, setDomain] = useState('');
  const [email, setEmail] = useState(defaultEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, number> | null>(null);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const sending = progress !== null;

  const choose = (field: string, file: File | undefined) => {
    setFiles((current) => ({ ...current, [field]: file }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    const input = inputs.current[field];
    if (input && !file) input.value = '';
  };

  const check = (): Record<string, string> => {
    const chosen = FIELDS.flatMap((field) => (files[field] ? [{ field, name: files[field].name }] : []));
    const problems = importFileProblems(chosen);
    if (!domain) problems.domain = M.sourceRequired;
    if (!email.trim()) problems.email = M.emailRequired;
    else if (!EMAIL.test(email.trim())) problems.email = messages.invalidEmail;
    return problems;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const problems = check();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const chosen = FIELDS.flatMap((field) => (files[field] ? [field] : []));
    const sizes = chosen.map((field) => files[field]!.size);
    setProgress({});
    try {
      const answer = await api.start(files, domain, email.trim(), ({ loaded, total }) => {
        const shares = fileProgress(sizes, loaded, total);
        setProgress(Object.fromEntries(chosen.map((field, index) => [field, shares[index]!])));
      });
      setFiles({});
      for (const input of Object.values(inputs.current)) if (input) input.value = '';
      onStarted(answer.data);
    } catch (error) {
      const fieldErrors = error instanceof ActionError ? error.errors : {};
      setErrors(fieldErrors);
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const fileRow = (field: (typeof FIELDS)[number]) => {
    const file = files[field];
    const label = T.files[field]!;
    const share = progress?.[field];
    return (
      <Field key={field} label={label} validationMessage={errors[field]} className={field === IMPORT_ZIP_FIELD ? styles.zip : undefined}>
        <div className={styles.file}>
          <input
            ref={(element) => {
              inputs.current[field] = element;
            }}
            className={styles.hidden}
            type="file"
            tabIndex={-1}
            aria-label={label}
            accept={field === IMPORT_ZIP_FIELD ? '.zip' : ACCEPT_TABLE}
            onChange={(event) => choose(field, event.target.files?.[0])}
          />
          <Button icon={<DocumentArrowUpRegular />} disabled={disabled || sending} onClick={() => inputs.current[field]?.click()}>
            {file ? T.replace : T.choose}
          </Button>
          {file && (
            <>
              <Text className={styles.name}>{file.name}</Text>
              <Caption1>{T.size(kilobytes(file.size))}</Caption1>
              {share !== undefined && <Caption1>{T.percent(Math.round(share * 100))}</Caption1>}
              <Button appearance="subtle" icon={<DismissRegular />} aria-label={T.remove(file.name)} disabled={sending} onClick={() => choose(field, undefined)} />
              {share !== undefined && <ProgressBar className={styles.bar} value={share} aria-label={file.name} />}
            </>
          )}
        </div>
      </Field>
    );
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="import-form-title">
      <Subtitle2 as="h2" id="import-form-title" className={styles.title}>
        {T.heading}
      </Subtitle2>
      {failure && (
        <MessageBar intent="warning">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.files}>
        {IMPORT_FILE_FIELDS.map(fileRow)}
        {fileRow(IMPORT_ZIP_FIELD)}
        <Caption1>{T.zipHint}</Caption1>
      </div>
      <div className={styles.fields}>
        <Field label={T.source} required validationMessage={errors.domain}>
          <Dropdown
            placeholder={T.sourcePlaceholder}
            value={IMPORT_SOURCES.find((source) => source.key === domain)?.label ?? ''}
            selectedOptions={domain ? [domain] : []}
            onOptionSelect={(_event, data) => {
              setDomain(data.optionValue ?? '');
              setErrors(({ domain: _gone, ...rest }) => rest);
            }}
            disabled={sending}
          >
            {IMPORT_SOURCES.map((source) => (
              <Option key={source.key} value={source.key}>
                {source.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={T.email} required validationMessage={errors.email}>
          <Input type="email" value={email} onChange={(_event, data) => setEmail(data.value)} disabled={sending} autoComplete="email" />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={disabled || sending}>
          {T.submit}
        </Button>
        {sending && <Caption1 role="status">{T.sending}</Caption1>}
      </div>
    </form>
  );
}

export default ImportForm;
