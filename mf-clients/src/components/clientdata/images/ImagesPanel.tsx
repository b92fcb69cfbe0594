/**
 * Images of a journal, or the client's profile image (spec 2 §4 Images, §5, §8): choose files (or take a picture),
 * see them before the upload, upload, and the storage figures refresh. The gallery has a checkbox per image for
 * 'Download valgte' (journal_images.zip) and 'Rediger valgte' (replace exactly one), a preview dialog and delete
 * with confirmation. The browser checks type, size and count with the spec's messages; the server checks again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Caption1, Checkbox, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, CameraRegular, DeleteRegular, DismissRegular, EditRegular, ImageAddRegular } from '@fluentui/react-icons';
import type { ImageEntry } from '@klinik/core';
import { IMAGE_MAX_PER_UPLOAD, shortFileName } from '@klinik/core/records';
import { LoadError } from '@klinik/ui';
import { texts } from '../texts';
import { useClientPage } from '../page/context';
import { checkImageFiles } from './imageFiles';
import { retryable } from '../page/retryable';
import { errorMessage } from '../saving/savers';

const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), null);
const CameraDialog = retryable(() => import('./CameraDialog'), null);
const ImagePreviewDialog = retryable(() => import('./ImagePreviewDialog'), null);

const T = texts.images;
const ACCEPT = '.jpeg,.jpg,.gif,.png,image/jpeg,image/gif,image/png';

const useStyles = makeStyles({
  panel: { display: 'grid', gap: '8px', marginTop: '4px' },
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  hidden: { display: 'none' },
  grid: { display: 'flex', flexWrap: 'wrap', gap: '10px', listStyleType: 'none', margin: 0, padding: 0 },
  card: {
    width: '132px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '6px',
    display: 'grid',
    gap: '4px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  thumbButton: {
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    display: 'block',
    width: '120px',
    height: '90px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  thumb: { width: '120px', height: '90px', objectFit: 'cover', display: 'block', borderRadius: tokens.borderRadiusSmall },
  cardFoot: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', minWidth: 0 },
  pending: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Pending {
  file: File;
  url: string;
}

export default function ImagesPanel({ kind, journalId }: { kind: 'journal' | 'profile'; journalId?: string }) {
  const styles = useStyles();
  const services = useClientPage();
  const { api, clientId } = services;
  const isProfile = kind === 'profile';
  const max = isProfile ? 1 : IMAGE_MAX_PER_UPLOAD;
  const chooser = useRef<HTMLInputElement>(null);
  const replacer = useRef<HTMLInputElement>(null);
  const [images, setImages] = useState<ImageEntry[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'download' | null>(null);
  const [camera, setCamera] = useState(false);
  const [preview, setPreview] = useState<ImageEntry | null>(null);
  const [deleting, setDeleting] = useState<ImageEntry | null>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await api.images(clientId, journalId);
      setImages(answer.data.filter((image) => image.kind === kind && (isProfile || image.journalId === journalId)));
    } catch (reason) {
      setLoadError(errorMessage(reason));
    }
  }, [api, clientId, journalId, kind, isProfile]);

  useEffect(() => {
    void load();
  }, [load]);

  // The previews' object URLs go with the panel.
  useEffect(() => () => pendingRef.current.forEach((item) => URL.revokeObjectURL(item.url)), []);

  async function addFiles(files: readonly File[]) {
    setMessage(null);
    // A profile has one image: a new choice replaces the one waiting.
    const keep = isProfile ? [] : pendingRef.current;
    const { accepted, error } = await checkImageFiles(files, keep.length, max);
    if (error) setMessage(error);
    if (isProfile && accepted.length > 0) pendingRef.current.forEach((item) => URL.revokeObjectURL(item.url));
    if (accepted.length > 0) setPending([...(isProfile ? [] : pendingRef.current), ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }

  function removePending(item: Pending) {
    URL.revokeObjectURL(item.url);
    setPending((current) => current.filter((entry) => entry !== item));
  }

  async function send(files: readonly File[], replaceImageId?: string) {
    const form = new FormData();
    form.set('clientId', clientId);
    form.set('kind', kind);
    if (journalId) form.set('journalId', journalId);
    if (replaceImageId) form.set('replaceImageId', replaceImageId);
    for (const file of files) form.append('files', file, file.name);
    return api.uploadImages(form);
  }

  async function upload() {
    setMessage(null);
    if (pending.length === 0) return setMessage(T.required);
    setBusy('upload');
    try {
      const current = isProfile ? images?.[0] : undefined;
      const answer = await send(
        pending.map((item) => item.file),
        current?.id,
      );
      pending.forEach((item) => URL.revokeObjectURL(item.url));
      setPending([]);
      services.notify(answer.message || T.uploaded);
      await load();
    } catch (reason) {
      setMessage(errorMessage(reason));
    } finally {
      setBusy(null);
      services.storageChanged();
    }
  }

  function startEdit() {
    setMessage(null);
    if (checked.size > 1) return setMessage(T.oneForEdit);
    if (checked.size === 0) return setMessage(T.required);
    replacer.current?.click();
  }

  async function replace(files: readonly File[]) {
    setMessage(null);
    const target = images?.find((image) => checked.has(image.id));
    if (files.length === 0 || !target) return setMessage(T.required);
    if (files.length > 1) return setMessage(T.oneForEdit);
    const { accepted, error } = await checkImageFiles(files, 0, 1);
    if (error || accepted.length === 0) return setMessage(error ?? T.required);
    setBusy('upload');
    try {
      const answer = await send(accepted, target.id);
      services.notify(answer.message || T.replaced);
      setChecked(new Set());
      await load();
    } catch (reason) {
      setMessage(errorMessage(reason));
    } finally {
      setBusy(null);
      services.storageChanged();
    }
  }

  async function download() {
    setMessage(null);
    if (!images || images.length === 0) return setMessage(T.none);
    const chosen = images.filter((image) => checked.has(image.id));
    if (chosen.length === 0) return setMessage(T.noneChosen);
    setBusy('download');
    try {
      const { downloadImagesZip } = await import('./zip');
      await downloadImagesZip(chosen);
    } catch (reason) {
      setMessage(`${T.downloadFailed} ${errorMessage(reason)}`);
    } finally {
      setBusy(null);
    }
  }

  function toggle(id: string, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const allChecked = Boolean(images && images.length > 0 && images.every((image) => checked.has(image.id)));

  return (
    <div className={styles.panel}>
      <input
        ref={chooser}
        className={styles.hidden}
        type="file"
        accept={ACCEPT}
        multiple={!isProfile}
        aria-label={isProfile ? T.chooseProfile : T.choose}
        onChange={(event) => {
          void addFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <input
        ref={replacer}
        className={styles.hidden}
        type="file"
        accept={ACCEPT}
        aria-label={T.editSelected}
        onChange={(event) => {
          void replace(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {loadError && <LoadError title={T.loadFailed} detail={loadError} retryLabel={texts.retry} onRetry={() => void load()} />}
      {images === null && !loadError && <Spinner size="tiny" label={texts.loading} />}
      {images && images.length === 0 && <Caption1 className={styles.muted}>{isProfile ? T.noProfile : T.none}</Caption1>}
      {images && images.length > 0 && (
        <ul className={styles.grid} aria-label={isProfile ? texts.stamdata.profileImage : T.galleryLabel}>
          {images.map((image) => (
            <li key={image.id} className={styles.card}>
              <button type="button" className={styles.thumbButton} aria-label={T.show(image.imageName)} onClick={() => setPreview(image)}>
                <img className={styles.thumb} src={image.previewUrl || image.imageUrl} alt={image.imageName} loading="lazy" />
              </button>
              <div className={styles.cardFoot}>
                {isProfile ? (
                  <span className={styles.name} title={image.imageName}>
                    {shortFileName(image.imageName)}
                  </span>
                ) : (
                  <Checkbox
                    checked={checked.has(image.id)}
                    onChange={(_, data) => toggle(image.id, data.checked === true)}
                    label={<span className={styles.name}>{shortFileName(image.imageName)}</span>}
                    aria-label={T.select(image.imageName)}
                    title={image.imageName}
                  />
                )}
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={T.delete(image.imageName)} title={T.delete(image.imageName)} onClick={() => setDeleting(image)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {pending.length > 0 && (
        <ul className={styles.grid} aria-label={T.pendingLabel}>
          {pending.map((item) => (
            <li key={item.url} className={`${styles.card} ${styles.pending}`}>
              <img className={styles.thumb} src={item.url} alt={item.file.name} />
              <div className={styles.cardFoot}>
                <span className={styles.name} title={item.file.name}>
                  {shortFileName(item.file.name)}
                </span>
                <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={T.removePending(item.file.name)} onClick={() => removePending(item)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.bar}>
        <Button icon={<ImageAddRegular />} onClick={() => chooser.current?.click()}>
          {isProfile ? T.chooseProfile : T.choose}
        </Button>
        <Button icon={<CameraRegular />} onClick={() => setCamera(true)}>
          {T.camera}
        </Button>
        <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={busy !== null} onClick={() => void upload()}>
          {busy === 'upload' ? T.uploading : isProfile ? T.uploadProfile : T.upload}
        </Button>
        {!isProfile && (
          <>
            <Checkbox
              label={T.selectAll}
              checked={allChecked}
              disabled={!images || images.length === 0}
              onChange={(_, data) => setChecked(data.checked === true && images ? new Set(images.map((image) => image.id)) : new Set())}
            />
            <Button icon={<ArrowDownloadRegular />} disabled={busy !== null} onClick={() => void download()}>
              {busy === 'download' ? T.downloading : T.downloadSelected}
            </Button>
            <Button icon={<EditRegular />} disabled={busy !== null} onClick={startEdit}>
              {T.editSelected}
            </Button>
          </>
        )}
      </div>
      {camera && (
        <CameraDialog
          nameFirst={services.clientName.nameFirst}
          nameLast={services.clientName.nameLast}
          onCapture={(file) => void addFiles([file])}
          onClose={() => setCamera(false)}
        />
      )}
      {preview && <ImagePreviewDialog image={preview} onClose={() => setPreview(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          body={T.deleteBody(deleting.imageName)}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              const answer = await api.deleteImage(deleting.id);
              services.notify(answer.message || T.deleted);
              setChecked((current) => {
                const next = new Set(current);
                next.delete(deleting.id);
                return next;
              });
              await load();
            } finally {
              services.storageChanged();
            }
          }}
        />
      )}
    </div>
  );
}
