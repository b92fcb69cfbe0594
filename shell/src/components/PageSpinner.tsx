import { makeStyles, tokens } from '@fluentui/react-components';
import { texts } from '../texts';

const useStyles = makeStyles({
  wrap: { display: 'grid', placeItems: 'center', minHeight: '240px', color: tokens.colorNeutralForeground3 },
  dot: {
    width: '28px',
    height: '28px',
    borderRadius: '50%',
    border: `3px solid ${tokens.colorNeutralStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '0.9s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
  },
});

/**
 * The loading state while a page's code arrives. CSS only, not Fluent's Spinner: this is on the shell's first
 * load, where every kilobyte counts.
 */
export function PageSpinner() {
  const styles = useStyles();
  return (
    <div className={styles.wrap} role="status" aria-label={texts.loading}>
      <div className={styles.dot} />
    </div>
  );
}
