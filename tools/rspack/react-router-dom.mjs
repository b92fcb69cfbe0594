/**
 * What the modules use of react-router-dom, and all the shell shares of it.
 *
 * react-router-dom is a shared singleton (the router context must be one object across the shell and the
 * remotes), and a shared module cannot be tree-shaken: sharing the package itself puts all of react-router 7
 * (data routers, server rendering, ~60 KB gzip) into the shell's first load. Every module's build aliases
 * 'react-router-dom' to this file instead, so the shared module holds only these names (~20 KB gzip).
 *
 * A module that needs another name adds it here; the build fails on an import that is not listed
 * (shared-subset-plugin.mjs: Rspack itself does not check an import of a shared module, which was then undefined
 * at run time), and since every module builds from this one list they always agree.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
