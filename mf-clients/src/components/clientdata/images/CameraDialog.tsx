/**
 * Camera capture (spec 2 §5, §8, §9): the rear camera at 400 px width; 'Tag billede' turns the frame into a
 * JPEG named from the client's name, which joins the chosen images (previewed before the upload). Without a
 * camera (or without permission) the dialog says so.
 */
import { useEffect, useRef, useState } from 'react';
import { Spinner, makeStyles } from '@fluentui/react-components';
import { CAMERA_WIDTH, cameraFileName } from '@klinik/core/records';
import { FormDialog } from '@klinik/ui';
import { texts } from '../texts';

const T = texts.camera;

const useStyles = makeStyles({
  video: { width: '100%', maxWidth: `${CAMERA_WIDTH}px`, backgroundColor: '#000', display: 'block', margin: '0 auto' },
});

export default function CameraDialog({ nameFirst, nameLast, onCapture, onClose }: { nameFirst: string; nameLast: string; onCapture: (file: File) => void; onClose: () => void }) {
  const styles = useStyles();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The video has its first frame's size: before that a picture would be empty, so the button waits for it. */
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    let opened: MediaStream | null = null;
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(T.unavailable);
      return;
    }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: CAMERA_WIDTH }, audio: false }).then(
      (media) => {
        opened = media;
        if (!live) return media.getTracks().forEach((track) => track.stop());
        setStream(media);
      },
      (reason: unknown) => live && setError(`${T.unavailable}${reason instanceof Error && reason.message ? ` (${reason.message})` : ''}`),
    );
    return () => {
      live = false;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
  }, [stream]);

  function capture() {
    const element = video.current;
    if (!element || !element.videoWidth) return;
    setBusy(true);
    const canvas = document.createElement('canvas');
    canvas.width = CAMERA_WIDTH;
    canvas.height = Math.round((element.videoHeight / element.videoWidth) * CAMERA_WIDTH);
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        setBusy(false);
        if (!blob) return setError(T.unavailable);
        onCapture(new File([blob], cameraFileName(nameFirst, nameLast, Date.now()), { type: 'image/jpeg' }));
        onClose();
      },
      'image/jpeg',
      0.9,
    );
  }

  return (
    <FormDialog
      title={T.title}
      onClose={onClose}
      onSubmit={capture}
      busy={busy}
      error={error}
      submitLabel={T.capture}
      cancelLabel={T.close}
      submitDisabled={!ready || Boolean(error)}
    >
      {error ? null : stream ? (
        <video ref={video} className={styles.video} aria-label={T.video} playsInline muted onLoadedMetadata={() => setReady(true)} />
      ) : (
        <Spinner size="small" label={T.starting} />
      )}
    </FormDialog>
  );
}
