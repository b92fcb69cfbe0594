/**
 * The client page's data: the client, its journals and its bookings as queries (they go when the page goes:
 * health data is not kept after its screen), the page's records and comments, and what the panels get through
 * the context. Each answer brings the records up to date before it is shown, so a panel always finds its record;
 * every save's answer replaces the shown client or journal in place.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Booking, ClientPageRecord, ClientRecord, Journal } from '@klinik/core';
import { queryStore, useQuery } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { CommentStore } from '../../components/clientdata/fields/commentStore';
import { adoptJournals, withJournal, withJournalOnBooking } from '../../components/clientdata/journal/journalRecords';
import { RecordRegistry } from '../../components/clientdata/saving/savers';
import { adoptStamdata } from '../../components/clientdata/stamdata/stamdataRecord';
import type { ClientPageServices, Notify, RecordServices } from '../../components/clientdata/page/context';
import type { PrintDocument } from '../../components/clientdata/page/printModel';
import { clientQueries } from '../../components/clientdata/page/queryKeys';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

type ClientName = ClientPageServices['clientName'];

function nameOf(client: ClientRecord | undefined): ClientName {
  return {
    nameFirst: client?.nameFirst ?? '',
    nameLast: client?.nameLast ?? '',
    CPR6Digit: client?.CPR6Digit ?? '',
    CPRLast4Digit: client?.CPRLast4Digit ?? '',
  };
}

export interface PrintRequest {
  document: PrintDocument;
  /** Changes with every 'Print', so the same section prints twice when asked twice. */
  id: number;
}

export function useClientPageData({ api, clientId, notify }: { api: ClientsApi; clientId: string; notify: Notify }) {
  const [records] = useState(() => new RecordRegistry());
  const [comments] = useState(() => new CommentStore());
  const [printing, setPrinting] = useState<PrintRequest | null>(null);
  const base = useMemo<RecordServices>(() => ({ api, records, comments }), [api, records, comments]);
  // An address that cannot be a client's is not asked for.
  const valid = OBJECT_ID.test(clientId);

  // A save answers the record without the page's count of no-shows, which a save does not change.
  const showClient = useCallback(
    (client: ClientRecord) => queryStore.setData<ClientPageRecord>(clientQueries.client(clientId), (current) => ({ ...client, noShows: current?.noShows ?? 0 })),
    [clientId],
  );
  const showJournal = useCallback(
    (journal: Journal) => {
      queryStore.setData<Journal[]>(clientQueries.journals(clientId), (current) => withJournal(current ?? [], journal));
      queryStore.setData<Booking[]>(clientQueries.bookings(clientId), (current) => withJournalOnBooking(current ?? [], journal));
    },
    [clientId],
  );

  const client = useQuery(valid ? clientQueries.client(clientId) : null, async () => {
    const answer = await api.client(clientId);
    adoptStamdata(base, answer.data, showClient);
    return answer.data;
  });
  const journals = useQuery(valid ? clientQueries.journals(clientId) : null, async () => {
    const answer = await api.journals(clientId);
    adoptJournals(base, answer.data, showJournal);
    return answer.data;
  });
  const bookings = useQuery(valid ? clientQueries.bookings(clientId) : null, async () => (await api.clientBookings(clientId)).data);

  /** A journal the server just opened: its record, then on screen. */
  const adoptJournal = useCallback(
    (journal: Journal) => {
      adoptJournals(base, [journal], showJournal);
      showJournal(journal);
    },
    [base, showJournal],
  );

  // The name as a value that changes only when one of its parts does, not with every Stamdata save.
  const nameKey = JSON.stringify(nameOf(client.data));
  const clientName = useMemo(() => JSON.parse(nameKey) as ClientName, [nameKey]);
  const services = useMemo<ClientPageServices>(
    () => ({
      ...base,
      clientId,
      clientName,
      notify,
      // A print is a read of the record: logged first, and printed only once the log has it.
      print: (document) =>
        void base.api.logPrint(clientId).then(
          () => setPrinting((current) => ({ document, id: (current?.id ?? 0) + 1 })),
          (error: unknown) => notify(error instanceof Error ? error.message : String(error), 'error'),
        ),
    }),
    [base, clientId, clientName, notify],
  );

  const queries = [client, journals, bookings];
  const retry = useCallback(() => Promise.all([client, journals, bookings].filter((query) => query.error !== null).map((query) => query.refresh())), [client, journals, bookings]);
  return {
    valid,
    services,
    client: client.data,
    journals: journals.data,
    bookings: bookings.data,
    /** The first failure of the three, with the server's reason. */
    error: queries.find((query) => query.error !== null)?.error ?? null,
    retry,
    adoptJournal,
    printing,
  };
}
