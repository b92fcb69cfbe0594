/** The shell's component tree: theme, router, the session watch, and the route table. */
import { Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { FluentProvider } from '@fluentui/react-components';
import { preloadableLazy, type PreloadableComponent } from '@klinik/ui';
import { PageSpinner } from '../components/PageSpinner';
import { therapistAtom, useSessionWatch } from '../session/session';
import { OwnerOnly, PlanGate, RequireAdmin, RequireTeam, RequireTherapist } from './guards';
import { ADMIN_REMOTE_ROUTES, MAIN_REMOTE_ROUTES, PUBLIC_REMOTE_ROUTES, type RemoteRoute } from './routes';
import { themeFor } from './theme';

// Preloadable, as the layouts below: a page opened cold (a link in a mail to /reset_password, /set-password,
// /confirm-email) has its code in before the first render (bootstrap.tsx, `openingShellParts`), so it does not suspend:
// React shows what a Suspense boundary waited for no sooner than 300 ms after its fallback appeared. Moving between
// pages, the router's transitions keep the old page on screen until the new one is in, without a fallback.
const Login = preloadableLazy(() => import(/* webpackChunkName: "login" */ '../routes/Login'));
const Register = preloadableLazy(() => import(/* webpackChunkName: "register" */ '../routes/Register'));
const ForgotPassword = preloadableLazy(() => import(/* webpackChunkName: "forgot-password" */ '../routes/ForgotPassword'));
const ResetPassword = preloadableLazy(() => import(/* webpackChunkName: "reset-password" */ '../routes/ResetPassword'));
const SetPassword = preloadableLazy(() => import(/* webpackChunkName: "set-password" */ '../routes/SetPassword'));
const NewPassword = preloadableLazy(() => import(/* webpackChunkName: "new-password" */ '../routes/NewPassword'));
const ConfirmEmail = preloadableLazy(() => import(/* webpackChunkName: "confirm-email" */ '../routes/ConfirmEmail'));
const AdminLogin = preloadableLazy(() => import(/* webpackChunkName: "admin-login" */ '../routes/AdminLogin'));
const SupportLogin = preloadableLazy(() => import(/* webpackChunkName: "support-login" */ '../routes/SupportLogin'));
const Consent = preloadableLazy(() => import(/* webpackChunkName: "consent" */ '../routes/Consent'));
// Layouts and the remote loader come with the first page that needs them, not with the login page. Preloadable:
// bootstrap.tsx has those of the opening page arrive before the first render, which then does not suspend on them.
export const MainLayout = preloadableLazy(() => import(/* webpackChunkName: "main-layout" */ '../layouts/MainLayout'));
export const AdminLayout = preloadableLazy(() => import(/* webpackChunkName: "admin-layout" */ '../layouts/AdminLayout'));
export const RemotePage = preloadableLazy(() => import(/* webpackChunkName: "remote-page" */ '../components/RemotePage'));

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
  let element: ReactNode = page(<RemotePage remote={route.remote} expose={route.expose} />);
  if (route.ownerOnly) element = <OwnerOnly>{element}</OwnerOnly>;
  if (route.gated) element = <PlanGate>{element}</PlanGate>;
  return element;
}

function ThemedRoutes() {
  useSessionWatch();
  const therapist = useAtomValue(therapistAtom);
  return (
    <FluentProvider theme={themeFor(therapist?.colors)} style={{ minHeight: '100vh', background: 'transparent' }}>
      <Routes>
        <Route path="/" element={page(<Login />)} />
        <Route path="/register" element={page(<Register />)} />
        <Route path="/forgot_password" element={page(<ForgotPassword />)} />
        <Route path="/reset_password" element={page(<ResetPassword />)} />
        <Route path="/set-password" element={page(<SetPassword />)} />
        <Route path="/confirm-email" element={page(<ConfirmEmail />)} />
        <Route path="/admin" element={page(<AdminLogin />)} />
        <Route path="/support-login" element={page(<SupportLogin />)} />
        <Route
          path="/support-import-data"
          element={
            <RequireTeam>
              {page(<RemotePage remote="mf_clients" expose="SupportImportData" session="team" />)}
            </RequireTeam>
          }
        />
        <Route
          path="/Samtykketekst"
          element={<RequireTherapist>{page(<Consent />)}</RequireTherapist>}
        />
        {PUBLIC_REMOTE_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={page(<RemotePage remote={route.remote} expose={route.expose} />)} />
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
            <Route key={route.path} path={route.path} element={page(<RemotePage remote={route.remote} expose={route.expose} session="admin" />)} />
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
