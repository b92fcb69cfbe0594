/**
 * `/support-import-data`, the support team's import screen (spec 3 §2, §4, §5), in the team session
 * (`shell.client` sends the team token). Two options: 'Importer data' uploads a clinic's export files for a therapist
 * in one multipart request with real upload progress; 'Arranger møde' books a meeting in the embedded calendar
 * (loaded only when chosen) and records it. Switching option clears the files and their progress. A success replaces
 * the form for 7 seconds, then the form is back, empty (the therapist stays chosen, so the history below shows what
 * was just done). A refusal (the confirm checks, a refused file, the server's answer) shows above 'Bekræft' for 7
 * seconds and leaves the form as it was, so the files need not be chosen again.
 *
 * An order handle (`?orderHandleId=` in the address, e.g. from the data-import purchase) travels with the upload.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Caption1, Field, MessageBar, MessageBarActions, MessageBarBody, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { supportMessages as S } from '@klinik/core';
import type { RemotePageProps } from '@klinik/core/rules';
import { LoadError, PageHeader, invalidateQueries, retryable } from '@klinik/ui';
import { historyKey, supportApi } from './api';
import { FilePicker, type PickedFile } from './FilePicker';
import type { MeetingPanelProps } from './MeetingPanel';
import { SUPPORT_OPTIONS, admitFiles, confirmProblem, fileProgress, type ScheduledMeeting, type SupportOption } from './rules';
import type { SupportHistoryProps } from './SupportHistory';
import { texts } from './texts';
import type { SupportTherapist, TherapistPickerProps } from './TherapistPicker';

/** Spec 3 §4, §9: support messages clear after 7 seconds. */
const MESSAGE_MS = 7000;

const look = {
  fallback: <Caption1 role="status">{texts.loading}</Caption1>,
  renderError: (error: Error, retry: () => void) => <LoadError title={texts.partFailed} detail={error.message} retryLabel={texts.retry} onRetry={retry} />,
};
// The page's parts beyond the drop zone arrive as it renders (the first load stays within its 60 KB budget): the
// autocomplete (Fluent's Combobox and its positioning), the history, and the meeting calendar only when chosen.
const TherapistPicker = retryable<TherapistPickerProps>(() => import('./TherapistPicker'), look);
const SupportHistory = retryable<SupportHistoryProps>(() => import('./SupportHistory'), look);
const MeetingPanel = retryable<MeetingPanelProps>(() => import('./MeetingPanel'), look);

const useStyles = makeStyles({
  page: { display: 'grid', gap: '16px', maxWidth: '960px', margin: '0 auto', padding: '24px 16px', minWidth: 0 },
  form: {
    display: 'grid',
    gap: '16px',
    padding: '16px',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  confirm: { justifySelf: 'start' },
});

interface Notice {
  intent: 'success' | 'error';
  lines: string[];
}

let nextFileId = 0;

export default function SupportImportDataPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => supportApi(shell.client), [shell.client]);
  const [params] = useSearchParams();
  const orderHandleId = params.get('orderHandleId')?.trim() || null;

  const [option, setOption] = useState<SupportOption>('importData');
  const [therapist, setTherapist] = useState<SupportTherapist | null>(null);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [meeting, setMeeting] = useState<ScheduledMeeting | null>(null);
  const [busy, setBusy] = useState(false);
  /** A success replaces the form; a problem shows above 'Bekræft'. Both go after 7 seconds. */
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const problem = (...lines: string[]) => setNotice({ intent: 'error', lines });

  function choose(next: SupportOption) {
    setOption(next);
    setFiles([]);
    setProgress({});
    setMeeting(null);
    setNotice(null);
  }

  function add(added: File[]) {
    const { admitted, problems } = admitFiles(
      files.map(({ file }) => file),
      added,
    );
    if (admitted.length) setFiles((current) => [...current, ...admitted.map((file) => ({ id: `file-${++nextFileId}`, file }))]);
    setProgress({});
    if (problems.length) problem(...problems);
    else setNotice(null);
  }

  function remove(id: string) {
    setFiles((current) => current.filter((file) => file.id !== id));
    setProgress({});
  }

  async function confirm() {
    const refused = confirmProblem(
      option,
      files.map(({ file }) => file.name),
      therapist?.id ?? null,
      meeting,
    );
    if (refused) return problem(refused);
    if (!therapist) return;
    setBusy(true);
    setNotice(null);
    try {
      if (option === 'importData') {
        const sizes = files.map(({ file }) => file.size);
        setProgress({});
        await api.uploadHelp(
          therapist.id,
          orderHandleId,
          files.map(({ file }) => file),
          ({ loaded, total }) => {
            const shares = fileProgress(sizes, loaded, total);
            setProgress(Object.fromEntries(files.map(({ id }, index) => [id, shares[index] ?? 0])));
          },
        );
        setFiles([]);
        setProgress({});
        setNotice({ intent: 'success', lines: [S.filesUploaded] });
      } else if (meeting) {
        await api.addMeeting({ therapistId: therapist.id, ...meeting });
        setMeeting(null);
        setNotice({ intent: 'success', lines: [S.meetingArranged] });
      }
      void invalidateQueries(historyKey(therapist.id));
    } catch (error) {
      setProgress({});
      problem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const success = notice?.intent === 'success' ? notice : null;
  const error = notice?.intent === 'error' ? notice : null;

  return (
    <section className={styles.page}>
      <PageHeader title={texts.title}>
        <Button appearance="subtle" onClick={shell.logout}>
          {texts.logout}
        </Button>
      </PageHeader>
      {success ? (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{success.lines.join(' ')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setNotice(null)}>{texts.dismiss}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <form
          className={styles.form}
          aria-label={texts.title}
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void confirm();
          }}
        >
          <Field label={texts.optionsLabel}>
            <RadioGroup layout="horizontal" value={option} disabled={busy} onChange={(_, data) => choose(data.value as SupportOption)}>
              {SUPPORT_OPTIONS.map((value) => (
                <Radio key={value} value={value} label={texts.options[value]} />
              ))}
            </RadioGroup>
          </Field>
          <TherapistPicker api={api} therapist={therapist} onChange={setTherapist} disabled={busy} />
          {option === 'importData' ? (
            <FilePicker files={files} progress={progress} disabled={busy} onAdd={add} onRemove={remove} />
          ) : (
            <MeetingPanel meetingUrl={shell.meetingUrl} meeting={meeting} onScheduled={setMeeting} />
          )}
          {error && (
            <MessageBar intent="error" role="alert" layout="multiline">
              <MessageBarBody>
                {error.lines.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </MessageBarBody>
            </MessageBar>
          )}
          <Button className={styles.confirm} type="submit" appearance="primary" disabled={busy}>
            {busy ? (option === 'importData' ? texts.uploading : texts.sending) : texts.confirm}
          </Button>
        </form>
      )}
      {therapist && <SupportHistory api={api} therapistId={therapist.id} />}
    </section>
  );
}
