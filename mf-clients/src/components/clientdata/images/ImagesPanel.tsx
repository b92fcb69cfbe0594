/**
 * Images of a journal, or the client's profile image (spec 2 §4 Images, §5, §8): choose files (or take a picture),
 * see them before the upload, upload, and the storage figures refresh. The gallery has a checkbox per image for
 * 'Download valgte' (journal_images.zip) and 'Rediger valgte' (replace exactly one), a preview dialog and delete
 * with confirmation. The browser checks type, size and count with the spec's messages; the server checks again.
 */
import { useRef, useState, type RefObject } from 'react';
import { Caption1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { ImageEntry } from '@klinik/core';
import { IMAGE_MAX_PER_UPLOAD } from '@klinik/core/records';
import { QueryView, invalidateQueries, useQuery } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { clientQueries } from '../page/queryKeys';
import { retryable } from '../page/retryable';
import { errorMessage } from '../saving/savers';
import { texts } from '../texts';
import { ChosenImages } from './ChosenImages';
import { checkImageFiles } from './imageFiles';
import { ImageGallery } from './ImageGallery';
import { ImageToolbar } from './ImageToolbar';
import { useImageChoice } from './useImageChoice';
import { useImageUpload } from './useImageUpload';

const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), null);
const CameraDialog = retryable(() => import('./CameraDialog'), null);
const ImagePreviewDialog = retryable(() => import('./ImagePreviewDialog'), null);

const T = texts.images;
const ACCEPT = '.jpeg,.jpg,.gif,.png,image/jpeg,image/gif,image/png';

const useStyles = makeStyles({
  panel: { display: 'grid', gap: '8px', marginTop: '4px' },
  hidden: { display: 'none' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A hidden file input that a button opens (so the button can carry the panel's own label and icon). */
function FileInput({ inputRef, label, multiple, onFiles }: { inputRef: RefObject<HTMLInputElement | null>; label: string; multiple: boolean; onFiles: (files: File[]) => void }) {
  const styles = useStyles();
  return (
    <input
      ref={inputRef}
      className={styles.hidden}
      type="file"
      accept={ACCEPT}
      multiple={multiple}
      aria-label={label}
      onChange={(event) => {
        onFiles(Array.from(event.target.files ?? []));
        event.target.value = '';
      }}
    />
  );
}

export default function ImagesPanel({ kind, journalId }: { kind: 'journal' | 'profile'; journalId?: string }) {
  const styles = useStyles();
  const services = useClientPage();
  const { api, clientId } = services;
  const isProfile = kind === 'profile';
  const chooser = useRef<HTMLInputElement>(null);
  const replacer = useRef<HTMLInputElement>(null);
  const choice = useImageChoice({ max: isProfile ? 1 : IMAGE_MAX_PER_UPLOAD, single: isProfile });
  const upload = useImageUpload({ kind, journalId });
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  /** The browser's own message (a rule a file broke, nothing chosen, a failed download). */
  const [message, setMessage] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [camera, setCamera] = useState(false);
  const [preview, setPreview] = useState<ImageEntry | null>(null);
  const [deleting, setDeleting] = useState<ImageEntry | null>(null);

  // A journal's panel asks for its journal's images, the profile panel for the client's; each shows its kind.
  const gallery = useQuery(clientQueries.images(clientId, journalId ?? null), async () => (await api.images(clientId, journalId)).data);
  const images = gallery.data?.filter((image) => image.kind === kind && (isProfile || image.journalId === journalId));

  /** Starts an action: the messages of the previous one go. */
  function begin() {
    setMessage(null);
    upload.reset();
  }

  async function addFiles(files: readonly File[]) {
    begin();
    setMessage(await choice.add(files));
  }

  async function uploadChosen() {
    begin();
    if (choice.chosen.length === 0) return setMessage(T.required);
    // A new profile image takes the place of the old one.
    const replaces = isProfile ? images?.[0]?.id : undefined;
    const sent = await upload.send(choice.chosen.map((item) => item.file), replaces);
    if (sent) choice.clear();
  }

  function startEdit() {
    begin();
    if (checked.size > 1) return setMessage(T.oneForEdit);
    if (checked.size === 0) return setMessage(T.required);
    replacer.current?.click();
  }

  async function replace(files: readonly File[]) {
    begin();
    const target = images?.find((image) => checked.has(image.id));
    if (files.length === 0 || !target) return setMessage(T.required);
    if (files.length > 1) return setMessage(T.oneForEdit);
    const { accepted, error } = await checkImageFiles(files, 0, 1);
    if (error || accepted.length === 0) return setMessage(error ?? T.required);
    if (await upload.send(accepted, target.id)) setChecked(new Set());
  }

  async function download() {
    begin();
    if (!images || images.length === 0) return setMessage(T.none);
    const chosen = images.filter((image) => checked.has(image.id));
    if (chosen.length === 0) return setMessage(T.noneChosen);
    setDownloading(true);
    try {
      const { downloadImagesZip } = await import('./zip');
      await downloadImagesZip(chosen);
    } catch (reason) {
      setMessage(`${T.downloadFailed} ${errorMessage(reason)}`);
    } finally {
      setDownloading(false);
    }
  }

  function check(id: string, on: boolean) {
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const problem = message ?? upload.error;
  const allChecked = Boolean(images && images.length > 0 && images.every((image) => checked.has(image.id)));

  return (
    <div className={styles.panel}>
      <FileInput inputRef={chooser} label={isProfile ? T.chooseProfile : T.choose} multiple={!isProfile} onFiles={(files) => void addFiles(files)} />
      <FileInput inputRef={replacer} label={T.editSelected} multiple={false} onFiles={(files) => void replace(files)} />
      <QueryView query={gallery} errorTitle={T.loadFailed} loading={<Spinner size="tiny" label={texts.loading} />}>
        {() =>
          images && images.length > 0 ? (
            <ImageGallery
              images={images}
              label={isProfile ? texts.stamdata.profileImage : T.galleryLabel}
              selectable={!isProfile}
              checked={checked}
              onCheck={check}
              onPreview={setPreview}
              onDelete={setDeleting}
            />
          ) : (
            <Caption1 className={styles.muted}>{isProfile ? T.noProfile : T.none}</Caption1>
          )
        }
      </QueryView>
      <ChosenImages images={choice.chosen} onRemove={choice.remove} />
      {problem && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      <ImageToolbar
        isProfile={isProfile}
        busy={upload.pending ? 'upload' : downloading ? 'download' : null}
        allChecked={allChecked}
        canSelect={Boolean(images && images.length > 0)}
        onChoose={() => chooser.current?.click()}
        onCamera={() => setCamera(true)}
        onUpload={() => void uploadChosen()}
        onSelectAll={(on) => setChecked(on && images ? new Set(images.map((image) => image.id)) : new Set())}
        onDownload={() => void download()}
        onEdit={startEdit}
      />
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
          // The dialog shows a failure itself and stays open, so the call is made here rather than as a mutation.
          onConfirm={async () => {
            try {
              const answer = await api.deleteImage(deleting.id);
              services.notify(answer.message || T.deleted);
              check(deleting.id, false);
            } finally {
              await Promise.all([invalidateQueries(clientQueries.images(clientId)), invalidateQueries(clientQueries.storage())]);
            }
          }}
        />
      )}
    </div>
  );
}
