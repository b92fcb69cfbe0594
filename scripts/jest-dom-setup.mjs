import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/dom';

/**
 * What jsdom lacks and Fluent UI's components call while they render (the message bar measures itself with a
 * ResizeObserver, menus and tooltips ask matchMedia): stand-ins that report nothing, for the component tests.
 */
class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStandIn;
// react-router encodes paths with them; jsdom's window does not carry node's.
globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
globalThis.matchMedia ??= (query) => ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false });

// `findBy…` and `waitFor` wait for the thing itself; a Fluent dialog on a busy two-core machine can take more than
// Testing Library's default second to render and be found by role.
configure({ asyncUtilTimeout: 10_000 });
