import type { ReactNode } from 'react';
import { Title2, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '12px', marginBottom: '12px' },
  title: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

/** A page's heading with its actions on the right (wrapping under it on a phone). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.header}>
      <Title2 as="h1" className={styles.title}>
        {title}
      </Title2>
      {children && <div className={styles.actions}>{children}</div>}
    </div>
  );
}
