import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A link that navigates inside the app without a page load (and still works as a plain href, and opens a new tab
 * with a modifier key): react-router's link with Fluent's link look. Not Fluent's Link component: the sign-in pages
 * use this one, and Fluent's brought 1 KB of gzip to a first load that has no room
 * (docs/decisions/0024-gzip-budgets-and-shared-subsets.md).
 */
const useStyles = makeStyles({
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    fontFamily: tokens.fontFamilyBase,
    ':hover': { color: tokens.colorBrandForegroundLinkHover, textDecorationLine: 'underline' },
    ':active': { color: tokens.colorBrandForegroundLinkPressed, textDecorationLine: 'underline' },
    ':focus-visible': { outlineStyle: 'solid', outlineWidth: tokens.strokeWidthThick, outlineColor: tokens.colorStrokeFocus2, borderRadius: tokens.borderRadiusSmall },
  },
});

export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Link to={to} className={styles.link}>
      {children}
    </Link>
  );
}
