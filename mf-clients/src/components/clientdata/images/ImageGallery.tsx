/**
 * The saved images as cards: the thumbnail opens the preview; a journal's images have a checkbox each (for
 * 'Download valgte' and 'Rediger valgte'), the profile image its name; each can be deleted.
 */
import { Button, Checkbox } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { ImageEntry } from '@klinik/core';
import { shortFileName } from '@klinik/core/records';
import { texts } from '../texts';
import { useImageCardStyles } from './imageStyles';

const T = texts.images;

export function ImageGallery({
  images,
  label,
  selectable,
  checked,
  onCheck,
  onPreview,
  onDelete,
}: {
  images: readonly ImageEntry[];
  label: string;
  /** A checkbox per image (a journal's images). */
  selectable: boolean;
  checked: ReadonlySet<string>;
  onCheck: (id: string, on: boolean) => void;
  onPreview: (image: ImageEntry) => void;
  onDelete: (image: ImageEntry) => void;
}) {
  const styles = useImageCardStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {images.map((image) => (
        <li key={image.id} className={styles.card}>
          <button type="button" className={styles.thumbButton} aria-label={T.show(image.imageName)} onClick={() => onPreview(image)}>
            <img className={styles.thumb} src={image.previewUrl || image.imageUrl} alt={image.imageName} loading="lazy" />
          </button>
          <div className={styles.cardFoot}>
            {selectable ? (
              <Checkbox
                checked={checked.has(image.id)}
                onChange={(_, data) => onCheck(image.id, data.checked === true)}
                label={<span className={styles.name}>{shortFileName(image.imageName)}</span>}
                aria-label={T.select(image.imageName)}
                title={image.imageName}
              />
            ) : (
              <span className={styles.name} title={image.imageName}>
                {shortFileName(image.imageName)}
              </span>
            )}
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={T.delete(image.imageName)} title={T.delete(image.imageName)} onClick={() => onDelete(image)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
