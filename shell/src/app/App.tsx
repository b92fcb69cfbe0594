/** The shell's component tree: theme, router, the session watch, and the route table. */
import { Suspense, useMemo, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { FluentProvider } from '@fluentui/react-components';
import { themeColourOf } from '@klinik/core/rules';
import { partOnDemand, type PreloadableComponent } from '@klinik/ui';
import { PageSpinner } from '../components/PageSpinner';
import { therapistAtom, useSessionWatch } from '../session/session';
import { OwnerOnly, PlanGate, RequireAdmin, RequireTeam, RequireTherapist } from './guards';
import { ADMIN_REMOTE_ROUTES, MAIN_REMOTE_ROUTES, PUBLIC_REMOTE_ROUTES, TEAM_REMOTE_ROUTES, type RemoteRoute } from './routes';
import { themeFor } from './theme';

// Each page of the shell's own, the layouts and the remote loader wait for their code by state (partOnDemand,
// @klinik/ui): the spinner, then the part the moment its code is in. As lazy parts in a Suspense boundary they showed
// no sooner than 300 ms after the spinner (React's throttle of a boundary's reveal), on a move between pages too: the
// router's transition shows a new route's own boundary's fallback at once. A page opened cold (a link in a mail to
// /reset_password, /set-password, /confirm-email) has its code in before the first render (bootstrap.tsx,
// `openingShellParts`), so it renders at once.
const spinner = <PageSpinner />;
const Login = partOnDemand(() => import(/* webpackChunkName: "login" */ '../routes/Login'), spinner);
const Register = partOnDemand(() => import(/* webpackChunkName: "register" */ '../routes/Register'), spinner);
const ForgotPassword = partOnDemand(() => import(/* webpackChunkName: "forgot-password" */ '../routes/ForgotPassword'), spinner);
const ResetPassword = partOnDemand(() => import(/* webpackChunkName: "reset-password" */ '../routes/ResetPassword'), spinner);
const SetPassword = partOnDemand(() => import(/* webpackChunkName: "set-password" */ '../routes/SetPassword'), spinner);
const NewPassword = partOnDemand(() => import(/* webpackChunkName: "new-password" */ '../routes/NewPassword'), spinner);
const ConfirmEmail = partOnDemand(() => import(/* webpackChunkName: "confirm-email" */ '../routes/ConfirmEmail'), spinner);
const AdminLogin = partOnDemand(() => import(/* webpackChunkName: "admin-login" */ '../routes/AdminLogin'), spinner);
const SupportLogin = partOnDemand(() => import(/* webpackChunkName: "support-login" */ '../routes/SupportLogin'), spinner);
const Consent = partOnDemand(() => import(/* webpackChunkName: "consent" */ '../routes/Consent'), spinner);
// Layouts and the remote loader come with the first page that needs them, not with the login page; bootstrap.tsx has
// those of the opening page arrive before the first render.
export const MainLayout = partOnDemand(() => import(/* webpackChunkName: "main-layout" */ '../layouts/MainLayout'), spinner);
export const AdminLayout = partOnDemand(() => import(/* webpackChunkName: "admin-layout" */ '../layouts/AdminLayout'), spinner);
export const RemotePage = partOnDemand(() => import(/* webpackChunkName: "remote-page" */ '../components/RemotePage'), spinner);

/**
 * The shell's own parts of the page at `pathname` (an exact path of the table below; `/` is the prerendered sign-in
 * page's document, not the app's), for bootstrap.tsx to have in before the first render.
 */
export function openingShellParts(pathname: string): PreloadableComponent<object>[] {
  const pages: Record<string, PreloadableComponent<object>[]> = {
    '/register': [Register],
    '/forgot_password': [ForgotPassword],
    '/reset_password': [ResetPassword],
    '/set-password': [SetPassword],
    '/confirm-email': [ConfirmEmail],
    '/admin': [AdminLogin],
    '/support-login': [SupportLogin],
    '/Samtykketekst': [Consent],
    '/NewPassword': [MainLayout, NewPassword],
  };
  return Object.hasOwn(pages, pathname) ? pages[pathname]! : [];
}

function page(element: ReactNode) {
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}

function remoteElement(route: RemoteRoute) {
  let element: ReactNode = page(<RemotePage remote={route.remote} expose={route.page} />);
  if (route.ownerOnly) element = <OwnerOnly>{element}</OwnerOnly>;
  if (route.gated) element = <PlanGate>{element}</PlanGate>;
  return element;
}

function ThemedRoutes() {
  useSessionWatch();
  // A signed-in therapist without a colour of their own gets the spec's default outside the calendar (#4d5ccc, spec 2
  // §3); the signed-out pages keep the product's own.
  const therapist = useAtomValue(therapistAtom);
  const colour = therapist ? themeColourOf(therapist.colors, 'elsewhere') : undefined;
  // One theme object per colour: a new one (each refresh of the therapist) has FluentProvider build its rule of 459
  // CSS variables again and hands every reader of the theme context a new value.
  const theme = useMemo(() => themeFor(colour), [colour]);
  return (
    <FluentProvider theme={theme} style={{ minHeight: '100vh', background: 'transparent' }}>
      <Routes>
        <Route path="/" element={page(<Login />)} />
        <Route path="/register" element={page(<Register />)} />
        <Route path="/forgot_password" element={page(<ForgotPassword />)} />
        <Route path="/reset_password" element={page(<ResetPassword />)} />
        <Route path="/set-password" element={page(<SetPassword />)} />
        <Route path="/confirm-email" element={page(<ConfirmEmail />)} />
        <Route path="/admin" element={page(<AdminLogin />)} />
        <Route path="/support-login" element={page(<SupportLogin />)} />
        {TEAM_REMOTE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<RequireTeam>{page(<RemotePage remote={route.remote} expose={route.page} session="team" />)}</RequireTeam>}
          />
        ))}
        <Route
          path="/Samtykketekst"
          element={<RequireTherapist>{page(<Consent />)}</RequireTherapist>}
        />
        {PUBLIC_REMOTE_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={page(<RemotePage remote={route.remote} expose={route.page} />)} />
        ))}
        <Route
          element={
            <RequireTherapist>
              {page(<MainLayout />)}
            </RequireTherapist>
          }
        >
          <Route path="/NewPassword" element={page(<NewPassword />)} />
          {MAIN_REMOTE_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={remoteElement(route)} />
          ))}
        </Route>
        <Route
          element={
            <RequireAdmin>
              {page(<AdminLayout />)}
            </RequireAdmin>
          }
        >
          {ADMIN_REMOTE_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={page(<RemotePage remote={route.remote} expose={route.page} session="admin" />)} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </FluentProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <ThemedRoutes />
    </BrowserRouter>
  );
}
