/**
 * Build-time only (Node): the sign-in page's markup for the shell's index.html, rendered from the same component the
 * island hydrates (island.tsx). The build reads it through module-config.mjs's prerendered-page configuration.
 */
import { renderToString } from 'react-dom/server';
import { SignInForm } from './SignInForm';

export function render(): string {
  return renderToString(<SignInForm onSubmit={() => Promise.resolve()} />);
}
