/**
 * The therapist area's layout: header with the account menu, the collapsible side menu (60 or 240 px), the page,
 * and the footer with the version. Blocked plans lock the side-menu entries (spec 1 §4).
 *
 * The account menu's list and the side menu's tooltips (popups.tsx) and the accounting sync button (owners with a
 * connected accounting system only) are loaded after the page, not with it: until then the header shows
 * the same account button, which opens its menu as soon as the list has arrived, and the side menu its links.
 */
import { Suspense, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { Avatar, Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { LockClosedRegular, NavigationRegular } from '@fluentui/react-icons';
import { isPlanBlocked, showsAccountMenuItems, SIDE_MENU_COLLAPSED_PX, SIDE_MENU_EXPANDED_FROM_PX, SIDE_MENU_EXPANDED_PX } from '@klinik/core/rules';
import { LoadError, partOnDemand, useQuery } from '@klinik/ui';
import { useShellServices } from '../session/services';
import { remoteDialogAtom, storedSessionAtom, therapistAtom, useLogout } from '../session/session';
import { areaTexts } from '../area-texts';
import { texts } from '../texts';
import RemoteDialogHost from '../components/RemoteDialogHost';
import { SIDE_MENU } from './menu';
import type { AccountMenuItem, AccountMenuProps, NavTooltipProps } from './popups';
import { useDeferredPart } from './useDeferredPart';

const AccountMenuList = partOnDemand<AccountMenuProps>(() => import(/* webpackChunkName: "layout-popups" */ './popups').then((module) => ({ default: module.AccountMenu })));
const NavTooltip = partOnDemand<NavTooltipProps>(() => import(/* webpackChunkName: "layout-popups" */ './popups').then((module) => ({ default: module.NavTooltip })));
/** Both pop-ups, loaded together (one file): the layout renders them only once both have arrived. */
const POPUPS = {
  preload: () => Promise.all([AccountMenuList.preload(), NavTooltip.preload()]),
  isLoaded: () => AccountMenuList.isLoaded() && NavTooltip.isLoaded(),
};
// Shown the moment its code is in (partOnDemand: a lazy part would wait for React's 300 ms reveal throttle).
const AccountingSync = partOnDemand(() => import('./AccountingSync'));


const useStyles = makeStyles({
  // One column no wider than the window: a page's wide table scrolls in its own box instead of widening the page
  // (and pushing the header's account button off a phone's screen).
  frame: { display: 'grid', gridTemplateRows: 'auto 1fr auto', gridTemplateColumns: 'minmax(0, 1fr)', minHeight: '100vh' },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 16px 8px 8px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  onBrand: {
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundHover },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundPressed },
    '&[aria-expanded="true"]': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundPressed },
  },
  body: { display: 'flex', minHeight: 0 },
  nav: {
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    overflowX: 'hidden',
    paddingTop: '8px',
  },
  navList: { listStyleType: 'none', margin: 0, padding: 0 },
  navItem: {
    display: 'flex',
    alignItems: 'center',
    gap: '14px',
    height: '44px',
    padding: '0 18px',
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  navActive: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  navLocked: { color: tokens.colorNeutralForegroundDisabled, cursor: 'not-allowed' },
  icon: { fontSize: '22px', flexShrink: 0 },
  main: { flexGrow: 1, minWidth: 0, padding: '16px', boxSizing: 'border-box' },
  visuallyHidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  footer: { padding: '8px 16px', textAlign: 'right', color: tokens.colorNeutralForeground3, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
});

/** `tooltips`: whether the tooltips' code is in; `onActivity`: the pointer, a touch or the focus reached the menu. */
function SideMenu({ expanded, tooltips, onActivity }: { expanded: boolean; tooltips: boolean; onActivity: () => void }) {
  const styles = useStyles();
  const session = useAtomValue(storedSessionAtom);
  const blocked = session.therapist ? isPlanBlocked(session.therapist, Date.now()) : true;
  const entries = SIDE_MENU.filter((entry) => !entry.ownerOnly || session.therapist?.isAdmin);
  return (
    <nav
      aria-label="Hovedmenu"
      className={styles.nav}
      style={{ width: expanded ? SIDE_MENU_EXPANDED_PX : SIDE_MENU_COLLAPSED_PX }}
      onPointerOver={onActivity}
      onFocus={onActivity}
      onTouchStart={onActivity}
    >
      <ul className={styles.navList}>
        {entries.map((entry) => {
          const Icon = blocked ? LockClosedRegular : entry.icon;
          const content = (
            <>
              <Icon className={styles.icon} aria-hidden />
              {expanded && <span>{entry.label}</span>}
            </>
          );
          const item = blocked ? (
            <span role="link" aria-disabled="true" aria-label={`${entry.label} (${texts.menu.locked})`} className={mergeClasses(styles.navItem, styles.navLocked)} data-focus-key={entry.path}>
              {content}
            </span>
          ) : (
            <NavLink to={entry.path} aria-label={entry.label} className={({ isActive }) => mergeClasses(styles.navItem, isActive && styles.navActive)} data-focus-key={entry.path}>
              {content}
            </NavLink>
          );
          return (
            <li key={entry.path}>
              {(expanded && !blocked) || !tooltips ? item : <NavTooltip content={blocked ? `${entry.label}: ${texts.menu.locked}` : entry.label}>{item}</NavTooltip>}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function AccountMenu({ ready, load }: { ready: boolean; load: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const logout = useLogout();
  const session = useAtomValue(storedSessionAtom);
  const therapist = useAtomValue(therapistAtom);
  // Pressed before the menu's list had arrived: it opens as soon as it has.
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const stored = session.therapist;
  const showItems = stored ? showsAccountMenuItems(stored, Date.now()) : false;
  const isAdmin = Boolean(stored?.isAdmin);
  const name = therapist ? `${therapist.nameFirst} ${therapist.nameLast}` : stored?.username ?? '';
  const items: (AccountMenuItem | false)[] = [
    showItems && { label: texts.menu.settings, onSelect: () => navigate('/Settings') },
    showItems && { label: texts.menu.treatments, onSelect: () => navigate('/Treatments') },
    { label: areaTexts.profile, onSelect: () => navigate('/MinProfil') },
    showItems && { label: texts.menu.password, onSelect: () => navigate('/NewPassword') },
    showItems && isAdmin && { label: texts.menu.transactions, onSelect: () => navigate('/Transactions') },
    isAdmin && { label: texts.menu.subscription, onSelect: () => navigate('/Abonnement') },
    isAdmin && { label: texts.menu.plan, onSelect: () => navigate('/planlægge') },
    showItems && { label: texts.menu.consent, onSelect: () => window.open('/Samtykketekst', '_blank', 'noopener') },
    { label: texts.menu.logout, onSelect: logout, divided: true },
  ];
  // Named by its text, 'Konto: ' read but not shown, rather than an aria-label: the label must contain what is on
  // screen (WCAG 2.5.3), and the avatar's initials are a picture of the name, not part of it.
  const button = (
    <Button
      appearance="transparent"
      className={styles.onBrand}
      icon={<Avatar name={name} size={28} color="colorful" aria-hidden />}
      data-focus-key="account"
      {...(ready
        ? {}
        : {
            'aria-haspopup': 'menu' as const,
            'aria-expanded': false,
            onClick: () => {
              setOpenAtOnce(true);
              load();
            },
          })}
    >
      <span className={styles.visuallyHidden}>{`${texts.menu.account}: `}</span>
      <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
    </Button>
  );
  return ready ? <AccountMenuList trigger={button} openAtOnce={openAtOnce} items={items.filter((item) => item !== false)} /> : button;
}

export default function MainLayout() {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(() => window.innerWidth >= SIDE_MENU_EXPANDED_FROM_PX);
  const therapist = useAtomValue(therapistAtom);
  const { refreshTherapist, client } = useShellServices();
  // The stored summary lets the page render at once; the full record (names, plan as of now) follows.
  const fresh = useQuery(['getTherapist'], refreshTherapist);
  const dialogOpen = useAtomValue(remoteDialogAtom) !== null;
  const frame = useRef<HTMLDivElement>(null);
  const popups = useDeferredPart(POPUPS, frame);

  return (
    <div className={styles.frame} ref={frame}>
      <header className={styles.header} onPointerOver={popups.now} onFocus={popups.now} onTouchStart={popups.now}>
        <Button
          appearance="transparent"
          className={styles.onBrand}
          icon={<NavigationRegular />}
          aria-label={expanded ? texts.menu.collapse : texts.menu.expand}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        />
        <Text className={styles.brand}>{therapist?.company.companyName ?? texts.appName}</Text>
        {/* Spec 1 §2: only for owners with a connected accounting organisation. */}
        {therapist?.isAdmin && therapist.company.dineroConnected && (
          <Suspense fallback={null}>
            <AccountingSync client={client} />
          </Suspense>
        )}
        <AccountMenu ready={popups.ready} load={popups.now} />
      </header>
      <div className={styles.body}>
        <SideMenu expanded={expanded} tooltips={popups.ready} onActivity={popups.now} />
        <main className={styles.main}>
          {fresh.error !== null && <LoadError title={areaTexts.therapistFailed} detail={fresh.error} onRetry={() => void fresh.refresh()} />}
          <Outlet />
          {dialogOpen && <RemoteDialogHost />}
        </main>
      </div>
      <footer className={styles.footer}>
        <Text size={200}>{texts.version}</Text>
      </footer>
    </div>
  );
}
