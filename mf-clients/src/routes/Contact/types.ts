/** What /Kontakt hands to each of its tabs. */
import type { RemotePageProps } from '@klinik/core/rules';
import type { ContactApi } from '../../api';

export type Notify = (text: string, intent?: 'success' | 'error' | 'warning' | 'info') => void;

export interface TabProps {
  api: ContactApi;
  notify: Notify;
  shell: RemotePageProps['shell'];
}
