/** The image preview dialog (spec 2, Dialogs): the 800 px copy, with a link to the full image. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link, makeStyles } from '@fluentui/react-components';
import type { ImageEntry } from '@klinik/core';
import { texts } from '../texts';

const T = texts.images;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(900px, 96vw)' },
  image: { display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' },
  title: { overflowWrap: 'anywhere' },
});

export default function ImagePreviewDialog({ image, onClose }: { image: ImageEntry; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle className={styles.title}>{image.imageName}</DialogTitle>
          <DialogContent>
            <img className={styles.image} src={image.previewUrl || image.imageUrl} alt={image.imageName} />
          </DialogContent>
          <DialogActions>
            <Link href={image.imageUrl} target="_blank" rel="noreferrer">
              {T.open}
            </Link>
            <Button appearance="primary" onClick={onClose}>
              {T.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
