/** The frame of the sign-in pages: a centred card with the product name, usable on a phone. */
import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { texts } from '../texts';

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'grid', placeItems: 'center', padding: '24px 12px', boxSizing: 'border-box' },
  card: {
    width: '100%',
    maxWidth: '440px',
    padding: '28px',
    boxSizing: 'border-box',
    display: 'grid',
    gap: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
  },
  wide: { maxWidth: '760px' },
  brand: { ...typographyStyles.body1Strong, color: tokens.colorBrandForeground1, letterSpacing: '0.04em', margin: 0 },
  title: { ...typographyStyles.title2, margin: 0 },
  intro: { ...typographyStyles.body1, margin: 0 },
  footer: { ...typographyStyles.caption1, textAlign: 'center', color: tokens.colorNeutralForeground3, marginTop: '16px' },
});

export function AuthCard({ title, intro, wide, children }: { title: string; intro?: ReactNode; wide?: boolean; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <div style={{ width: '100%', display: 'grid', justifyItems: 'center' }}>
        <main className={mergeClasses(styles.card, wide && styles.wide)}>
          <p className={styles.brand}>{texts.appName.toUpperCase()}</p>
          <h1 className={styles.title}>{title}</h1>
          {intro && <p className={styles.intro}>{intro}</p>}
          {children}
        </main>
        <p className={styles.footer}>{texts.version}</p>
      </div>
    </div>
  );
}
