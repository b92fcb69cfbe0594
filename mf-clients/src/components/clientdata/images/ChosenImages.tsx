/** The chosen images waiting for the upload, previewed, each removable before it is sent. */
import { Button, mergeClasses } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { shortFileName } from '@klinik/core/records';
import { texts } from '../texts';
import { useImageCardStyles } from './imageStyles';
import type { ChosenImage } from './useImageChoice';

const T = texts.images;

export function ChosenImages({ images, onRemove }: { images: readonly ChosenImage[]; onRemove: (image: ChosenImage) => void }) {
  const styles = useImageCardStyles();
  if (images.length === 0) return null;
  return (
    <ul className={styles.grid} aria-label={T.pendingLabel}>
      {images.map((item) => (
        <li key={item.url} className={mergeClasses(styles.card, styles.pending)}>
          <img className={styles.thumb} src={item.url} alt={item.file.name} />
          <div className={styles.cardFoot}>
            <span className={styles.name} title={item.file.name}>
              {shortFileName(item.file.name)}
            </span>
            <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={T.removePending(item.file.name)} onClick={() => onRemove(item)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
