/**
 * 'Hent mine data': what the clinic holds about the client, as a JSON file and as a readable PDF (both drawn here
 * from one answer). Journals follow the clinic's rule: included in the answer, or 'Bed om min journal', which puts
 * a request in the clinic's 'Henvendelser' for the therapist to approve.
 */
import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useMutation } from '@klinik/ui';
import type { PortalApi } from './api';
import { downloadDataPdf, downloadJson } from './pdf';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

export function DataExport({ journalExport, api }: { journalExport: 'included' | 'on-request'; api: PortalApi }) {
  const styles = usePortalStyles();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'json' | 'pdf' | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const journal = useMutation(() => api.requestJournal(), { onSuccess: (answer) => setRequested(answer.message) });

  async function download(as: 'json' | 'pdf') {
    setBusy(as);
    setError(null);
    try {
      const { data } = await api.exportData();
      if (as === 'json') downloadJson(data, 'mine-data.json');
      else await downloadDataPdf(data, T.dataPdfTitle);
    } catch (reason) {
      setError(reason instanceof Error && reason.message ? reason.message : T.pdfFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="portal-data">
      <h2 id="portal-data" className={styles.heading}>
        {T.data}
      </h2>
      <Text>
        {T.dataIntro} {journalExport === 'included' ? T.dataJournalIncluded : T.dataJournalOnRequest}
      </Text>
      <div className={styles.actions}>
        <Button disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? T.fetching : T.downloadJson}
        </Button>
        <Button disabled={busy !== null} onClick={() => void download('pdf')}>
          {busy === 'pdf' ? T.fetching : T.downloadDataPdf}
        </Button>
        {journalExport === 'on-request' && (
          <Button disabled={journal.pending || requested !== null} onClick={() => void journal.run(undefined)}>
            {journal.pending ? T.sending : T.requestJournal}
          </Button>
        )}
      </div>
      {(error ?? journal.error) && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error ?? journal.error}</MessageBarBody>
        </MessageBar>
      )}
      {requested && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{requested}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
