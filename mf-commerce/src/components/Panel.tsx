/**
 * A card of the plan and subscription grids: a plain region with Fluent's card look (tokens), not Fluent's Card,
 * whose focus handling for clickable cards these static cards do not need and which costs ~12 KB gzip of a page's
 * 60 KB first load. Named by its heading for screen readers.
 */
import { useId, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  panel: {
    display: 'grid',
    gap: '10px',
    alignContent: 'start',
    padding: '16px 20px 20px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    minWidth: 0,
  },
  header: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '8px' },
  // Items at their own width: a status badge under the title is a badge, not a bar as wide as the title.
  titles: { display: 'grid', gap: '6px', minWidth: 0, justifyItems: 'start' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

export function Panel({ title, description, action, className, children, ...rest }: { title: ReactNode; description?: ReactNode; action?: ReactNode; className?: string; children?: ReactNode } & Record<`data-${string}`, string>) {
  const styles = useStyles();
  const titleId = useId();
  return (
    <section className={mergeClasses(styles.panel, className)} aria-labelledby={titleId} {...rest}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
