/** The platform administrator's layout: collapsed menu with Companies and Log Ud, no breadcrumbs (spec 1 §2). */
import { NavLink, Outlet } from 'react-router-dom';
import { Button, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { BuildingMultipleRegular, SignOutRegular } from '@fluentui/react-icons';
import { SIDE_MENU_COLLAPSED_PX } from '@klinik/core/rules';
import { useSeparateLogout } from '../session/session';
import { texts } from '../texts';

const useStyles = makeStyles({
  frame: { display: 'flex', minHeight: '100vh' },
  nav: {
    width: `${SIDE_MENU_COLLAPSED_PX}px`,
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    paddingTop: '12px',
    backgroundColor: tokens.colorBrandBackground,
  },
  link: { color: tokens.colorNeutralForegroundOnBrand, fontSize: '24px', padding: '8px', display: 'flex' },
  main: { flexGrow: 1, padding: '16px', minWidth: 0 },
  footer: { color: tokens.colorNeutralForeground3, marginTop: '24px' },
});

export default function AdminLayout() {
  const styles = useStyles();
  const logout = useSeparateLogout('admin');
  return (
    <div className={styles.frame}>
      <nav aria-label="Administratormenu" className={styles.nav}>
        <Tooltip content={texts.menu.companies} relationship="label" positioning="after">
          <NavLink to="/Companies" className={styles.link}>
            <BuildingMultipleRegular aria-hidden />
          </NavLink>
        </Tooltip>
        <Tooltip content={texts.menu.adminLogout} relationship="label" positioning="after">
          <Button appearance="transparent" className={styles.link} icon={<SignOutRegular />} onClick={logout} />
        </Tooltip>
      </nav>
      <main className={styles.main}>
        <Outlet />
        <Text size={200} className={styles.footer} as="p">
          {texts.version}
        </Text>
      </main>
    </div>
  );
}
