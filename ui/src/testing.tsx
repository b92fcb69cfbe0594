/**
 * Helpers for the frontends' component tests (Testing Library in jsdom); nothing a page imports.
 */
import { screen, waitFor } from '@testing-library/react';

/**
 * A dialog by its role and title, hidden or not: found by role, then by the title it is labelled by. Once an earlier
 * test in the file opened a dialog, jsdom keeps tabster's aria-hidden on new portals, and its name computation can
 * miss a title Fluent is still animating in.
 */
export function dialogTitled(role: 'dialog' | 'alertdialog', title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole(role, { hidden: true }).find((element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent === title);
    if (!found) throw new Error(`No ${role} '${title}'`);
    return found;
  });
}
