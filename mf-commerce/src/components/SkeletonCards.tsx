/** Placeholder cards while a grid of cards loads (spec 3 §9: subscription cards 10, add-ons 10); hidden from screen readers. */
import { Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: { padding: '16px 20px', borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, minHeight: '120px' },
  title: { width: '50%' },
  line: { marginTop: '12px' },
  short: { marginTop: '8px', width: '70%' },
});

export function SkeletonCards({ count }: { count: number }) {
  const styles = useStyles();
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div key={`skeleton-${index}`} className={styles.card} aria-hidden data-skeleton>
          <Skeleton>
            <SkeletonItem size={20} className={styles.title} />
            <SkeletonItem size={12} className={styles.line} />
            <SkeletonItem size={12} className={styles.short} />
          </Skeleton>
        </div>
      ))}
    </>
  );
}
