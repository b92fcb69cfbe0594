/**
 * The shell routes with <BrowserRouter>, where react-router's navigate() returns nothing. Its documentation
 * recommends saying so once per program, so that a navigation is not taken for a promise someone must await.
 */
import type { NavigateOptions, To } from 'react-router';

declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
