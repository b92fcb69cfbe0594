/**
 * The cloud-drive panel on the client page (spec 2 Images 'Drive', Drive quota, §7 Storage, §8 Drive messages; issue
 * 17), loaded lazily by the storage panel when the clinic's drive add-on is on. Each therapist signs in with their own
 * Google account (the sandbox's consent page locally); signed in, the panel shows the quota, the two switches that copy
 * profile and journal images as they are uploaded, and the clinic's folder on the drive with its files and folders:
 * open a folder, make one, upload, delete after 'Er du sikker?'. Signing out turns both switches off. Access lost (or
 * not granted) shows the spec's alert; the tokens never reach the browser.
 */
import { useRef, useState } from 'react';
import {
  Button,
  Caption1,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, DocumentRegular, FolderAddRegular, FolderRegular } from '@fluentui/react-icons';
import { driveMessages, type DriveItem, type DriveStatus } from '@klinik/core';
import { formatGb } from '@klinik/core/records';
import { LoadError, invalidateQueries, useMutation, useQuery } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { clientQueries } from '../page/queryKeys';
import { retryable } from '../page/retryable';
import { driveTexts as T } from './driveTexts';
import { DRIVE_RETURN_KEY } from './returnKey';

const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), null);

const useStyles = makeStyles({
  panel: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '12px 16px',
    marginTop: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    display: 'grid',
    gap: '10px',
    maxWidth: '560px',
    minWidth: 0,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  switches: { display: 'grid', gap: '2px', border: 'none', margin: 0, padding: 0 },
  path: { display: 'flex', flexWrap: 'wrap', gap: '4px', alignItems: 'center', margin: 0, padding: 0, listStyleType: 'none' },
  items: { display: 'grid', margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: '8px', padding: '4px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
});

function errorText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

function Quota() {
  const { api } = useClientPage();
  const quota = useQuery(clientQueries.driveQuota(), async () => (await api.driveQuota()).data);
  if (quota.error) return <Caption1>{T.quotaFailed}</Caption1>;
  if (!quota.data) return <Spinner size="tiny" label={T.loading} />;
  const { usageBytes, limitBytes } = quota.data;
  const text = T.quota(formatGb(usageBytes), limitBytes === null ? null : formatGb(limitBytes));
  return (
    <>
      <ProgressBar value={limitBytes ? Math.min(1, usageBytes / limitBytes) : 0} max={1} thickness="large" aria-label={T.quotaLabel} aria-valuetext={text} />
      <Caption1>{text}</Caption1>
    </>
  );
}

function Switches({ status }: { status: DriveStatus }) {
  const styles = useStyles();
  const { api, notify } = useClientPage();
  const options = { notify, invalidates: [clientQueries.driveStatus()] };
  const profile = useMutation((value: boolean) => api.setDriveProfileCopies(value), options);
  const journal = useMutation((value: boolean) => api.setDriveJournalCopies(value), options);
  return (
    <fieldset className={styles.switches}>
      <legend>
        <Text weight="semibold">{T.switches}</Text>
      </legend>
      <Switch label={T.profileSwitch} checked={status.uploadClientProfile} disabled={profile.pending} onChange={(_, data) => void profile.run(data.checked)} />
      <Switch label={T.journalSwitch} checked={status.uploadJournalImage} disabled={journal.pending} onChange={(_, data) => void journal.run(data.checked)} />
    </fieldset>
  );
}

/** The clinic's folder (or a folder inside it): the way down, its folders and files, new folder, upload, delete. */
function Folder() {
  const styles = useStyles();
  const { api, notify } = useClientPage();
  const [folderId, setFolderId] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<DriveItem | null>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const listing = useQuery(clientQueries.driveFolder(folderId), async () => (await api.driveFiles(folderId)).data);
  const changed = [clientQueries.driveFiles(), clientQueries.driveQuota(), clientQueries.driveStatus()];
  const create = useMutation((folderName: string) => api.createDriveFolder(folderName, folderId), { notify, invalidates: changed });
  const upload = useMutation(
    (files: readonly File[]) => {
      const form = new FormData();
      if (folderId) form.set('folderId', folderId);
      for (const file of files) form.append('files', file, file.name);
      return api.uploadDriveFiles(form);
    },
    { notify, invalidates: changed },
  );
  const problem = create.error ?? upload.error;

  return (
    <section aria-label={T.folderLabel} className={styles.panel}>
      {listing.data && (
        <ol className={styles.path} aria-label={T.path}>
          {listing.data.path.map((step, index) => (
            <li key={step.id}>
              {index > 0 && <span aria-hidden> / </span>}
              {index === listing.data!.path.length - 1 ? (
                <Text weight="semibold">{step.name}</Text>
              ) : (
                <Link onClick={() => setFolderId(index === 0 ? null : step.id)}>{step.name}</Link>
              )}
            </li>
          ))}
        </ol>
      )}
      {listing.error ? (
        <LoadError title={T.listFailed} detail={listing.error} retryLabel={T.retry} onRetry={() => void invalidateQueries(clientQueries.driveFolder(folderId))} />
      ) : !listing.data ? (
        <Spinner size="tiny" label={T.loading} />
      ) : listing.data.items.length === 0 ? (
        <Caption1 className={styles.muted}>{T.empty}</Caption1>
      ) : (
        <ul className={styles.items} aria-label={listing.data.folder.name}>
          {listing.data.items.map((item) => (
            <li key={item.id} className={styles.item} data-drive-item={item.name}>
              {item.isFolder ? <FolderRegular aria-label={T.folder} /> : <DocumentRegular aria-hidden />}
              <span className={styles.name}>
                {item.isFolder ? (
                  <Link aria-label={T.open(item.name)} onClick={() => setFolderId(item.id)}>
                    {item.name}
                  </Link>
                ) : (
                  item.name
                )}
              </span>
              {item.size !== null && <Caption1 className={styles.muted}>{T.size(item.size)}</Caption1>}
              <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={T.deleteLabel(item.name)} onClick={() => setDeleting(item)} />
            </li>
          ))}
        </ul>
      )}
      {listing.data?.truncated && <Caption1>{T.truncated}</Caption1>}
      {problem && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      {naming ? (
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            void create.run(name).then((answer) => {
              if (!answer) return;
              setNaming(false);
              setName('');
            });
          }}
        >
          <Field label={T.folderName} validationMessage={create.fieldErrors.name}>
            <Input value={name} maxLength={200} onChange={(_, data) => setName(data.value)} />
          </Field>
          <Button type="submit" appearance="primary" disabled={create.pending}>
            {T.create}
          </Button>
          <Button onClick={() => setNaming(false)}>{T.cancel}</Button>
        </form>
      ) : (
        <div className={styles.row}>
          <Button icon={<FolderAddRegular />} onClick={() => setNaming(true)}>
            {T.newFolder}
          </Button>
          <Button icon={<ArrowUploadRegular />} disabled={upload.pending} onClick={() => chooser.current?.click()}>
            {T.upload}
          </Button>
          {upload.pending && <Spinner size="tiny" />}
        </div>
      )}
      <input
        ref={chooser}
        className={styles.hidden}
        type="file"
        multiple
        aria-label={T.chooseFile}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) void upload.run(files);
        }}
      />
      {deleting && (
        <ConfirmDialog
          open
          body={T.deleteBody(deleting.name)}
          onClose={() => setDeleting(null)}
          // The dialog shows a failure itself and stays open.
          onConfirm={async () => {
            try {
              notify((await api.deleteDriveItem(deleting.id)).message);
            } finally {
              await Promise.all(changed.map((key) => invalidateQueries(key)));
            }
          }}
        />
      )}
    </section>
  );
}

export default function DrivePanel() {
  const styles = useStyles();
  const { api, notify } = useClientPage();
  const status = useQuery(clientQueries.driveStatus(), async () => (await api.driveStatus()).data);
  const [redirecting, setRedirecting] = useState(false);
  const [signInError, setSignInError] = useState<string | null>(null);
  const signOut = useMutation(() => api.signOutDrive(), { notify, invalidates: [clientQueries.driveStatus()] });

  async function signIn() {
    setSignInError(null);
    setRedirecting(true);
    try {
      const { url } = await api.driveConnectUrl();
      sessionStorage.setItem(DRIVE_RETURN_KEY, `${window.location.pathname}${window.location.search}`);
      window.location.assign(url);
    } catch (reason) {
      setSignInError(errorText(reason));
      setRedirecting(false);
    }
  }

  const data = status.data;
  return (
    <section className={styles.panel} aria-label={T.heading}>
      <Text weight="semibold">{T.heading}</Text>
      {status.error && <LoadError title={T.listFailed} detail={status.error} retryLabel={T.retry} onRetry={() => void invalidateQueries(clientQueries.driveStatus())} />}
      {!data && !status.error && <Spinner size="tiny" label={T.loading} />}
      {data?.accessLost && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{driveMessages.accessRequired}</MessageBarBody>
          <Button size="small" onClick={() => void signOut.run(undefined)}>
            {T.accessLostOk}
          </Button>
        </MessageBar>
      )}
      {data && !data.connected && (
        <>
          <Caption1>{T.intro}</Caption1>
          {data.copiedImages > 0 && <Caption1>{driveMessages.viewImageLogin}</Caption1>}
          {signInError && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{signInError}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.row}>
            <Button appearance="primary" disabled={redirecting} onClick={() => void signIn()}>
              {T.signIn}
            </Button>
            {redirecting && <Spinner size="tiny" label={T.signingIn} />}
          </div>
        </>
      )}
      {data?.connected && (
        <>
          <div className={styles.row}>
            <Caption1>{data.account ? T.signedInAs(data.account) : T.signedIn}</Caption1>
            <Button size="small" disabled={signOut.pending} onClick={() => void signOut.run(undefined)}>
              {T.signOut}
            </Button>
          </div>
          <Quota />
          <Switches status={data} />
          {data.lastCopyError && (
            <MessageBar intent="warning">
              <MessageBarBody>{T.lastCopyError(data.lastCopyError, new Date(data.lastCopyErrorAt ?? 0).toLocaleString('da-DK', { timeZone: 'Europe/Copenhagen' }))}</MessageBarBody>
            </MessageBar>
          )}
          <Folder />
        </>
      )}
    </section>
  );
}
