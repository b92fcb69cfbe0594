/** The image preview dialog (spec 2, Dialogs): the 800 px copy, with a link to the full image. */
import { Link, makeStyles } from '@fluentui/react-components';
import { InfoDialog } from '@klinik/ui';
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
    <InfoDialog
      title={<span className={styles.title}>{image.imageName}</span>}
      closeLabel={T.close}
      onClose={onClose}
      surfaceClassName={styles.surface}
      actions={
        <Link href={image.imageUrl} target="_blank" rel="noreferrer">
          {T.open}
        </Link>
      }
    >
      <img className={styles.image} src={image.previewUrl || image.imageUrl} alt={image.imageName} />
    </InfoDialog>
  );
}
