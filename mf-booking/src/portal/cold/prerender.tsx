/**
 * Build-time only (Node): the markup of MineTider.html, read by the shell's build (shell/rspack.config.mjs, through
 * module-config.mjs's page configuration) as it reads the sign-in page's.
 */
import { renderToString } from 'react-dom/server';
import { ColdPage } from './ColdPage';

export function render(): string {
  return renderToString(<ColdPage />);
}
