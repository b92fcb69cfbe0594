/**
 * A status word in a coloured pill (the payment status, the own AKTIV/DEAKTIVER, 'Ejer', 'Inviteret'). Fluent's Badge
 * would add 3 KB gzip to the page's first load (over its budget); this is its look in Fluent's tokens, as text.
 */
import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { BadgeColor } from './rules';

const useStyles = makeStyles({
  pill: {
    display: 'inline-block',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  brand: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2 },
  informative: { backgroundColor: tokens.colorNeutralBackground5, color: tokens.colorNeutralForeground2 },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1 },
  danger: { backgroundColor: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
  strongSuccess: { backgroundColor: tokens.colorPaletteGreenBackground3, color: tokens.colorNeutralForegroundOnBrand },
  strongDanger: { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand },
  strongInformative: { backgroundColor: tokens.colorNeutralForeground3, color: tokens.colorNeutralForegroundOnBrand },
});

const STRONG = { success: 'strongSuccess', danger: 'strongDanger', informative: 'strongInformative' } as const;

export function Pill({ tone, strong = false, title, children }: { tone: BadgeColor | 'brand'; strong?: boolean; title?: string; children: ReactNode }) {
  const styles = useStyles();
  const look = strong && tone !== 'brand' ? styles[STRONG[tone]] : styles[tone];
  return (
    <span className={mergeClasses(styles.pill, look)} title={title}>
      {children}
    </span>
  );
}
