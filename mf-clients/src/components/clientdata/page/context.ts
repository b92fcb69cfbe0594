/**
 * What the client page hands to its panels: the calls, the client, the page's records and comments. Server data
 * itself is not here: each panel shows its own queries (page/queryKeys.ts), which go with the page.
 */
import { createContext, useContext } from 'react';
import type { ClientsApi } from '../../../api';
import type { CommentStore } from '../fields/commentStore';
import type { RecordRegistry } from '../saving/savers';
import type { PrintDocument } from './printModel';

export type Notify = (text: string, intent?: 'success' | 'error' | 'warning' | 'info') => void;

/** What the saved records of a page need: the calls and the page's records and comments. */
export interface RecordServices {
  api: ClientsApi;
  records: RecordRegistry;
  comments: CommentStore;
}

export interface ClientPageServices extends RecordServices {
  clientId: string;
  /** The client's name as last saved (camera file names, print headers). */
  clientName: { nameFirst: string; nameLast: string; CPR6Digit: string; CPRLast4Digit: string };
  notify: Notify;
  /** Opens the print view of one section. */
  print(document: PrintDocument): void;
}

export const ClientPageContext = createContext<ClientPageServices | null>(null);

export function useClientPage(): ClientPageServices {
  const services = useContext(ClientPageContext);
  if (!services) throw new Error('useClientPage outside the client page');
  return services;
}
