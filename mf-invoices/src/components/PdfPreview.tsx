/**
 * The PDF preview ('Faktura forhåndsvisning'): the same renderer the server mails with, shown in the browser's
 * PDF viewer. The renderer loads on first use; the blob URL is released when the preview goes away.
 */
import { useEffect, useState } from 'react';
import { Link, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { InvoiceSnapshot } from '@klinik/core';
import { LoadError } from '@klinik/ui';
import { pdfBlobUrl } from '../pdf';
import { texts } from '../texts';

const T = texts.preview;

const useStyles = makeStyles({
  frame: {
    display: 'block',
    width: '100%',
    height: '70vh',
    minHeight: '420px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  compact: { height: '520px', minHeight: '320px' },
  open: { display: 'inline-block', marginTop: '4px' },
});

export default function PdfPreview({
  snapshots,
  title,
  compact = false,
}: {
  snapshots: InvoiceSnapshot | readonly InvoiceSnapshot[];
  /** The document's title in the PDF viewer ('Faktura 0001-26'). */
  title: string;
  compact?: boolean;
}) {
  const styles = useStyles();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let made: string | null = null;
    setUrl(null);
    setError(null);
    pdfBlobUrl(snapshots, title).then(
      (blobUrl) => {
        made = blobUrl;
        if (live) setUrl(blobUrl);
        else URL.revokeObjectURL(blobUrl);
      },
      (reason: unknown) => {
        console.error('Invoice preview failed', reason);
        if (live) setError(reason instanceof Error ? reason.message : String(reason));
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [snapshots, title, attempt]);

  if (error) return <LoadError title={T.failed} detail={error} retryLabel={texts.retry} onRetry={() => setAttempt((value) => value + 1)} />;
  if (!url) return <Spinner size="small" label={T.loading} />;
  return (
    <div>
      <iframe className={mergeClasses(styles.frame, compact && styles.compact)} title={T.title} src={url} />
      <Link className={styles.open} href={url} target="_blank" rel="noopener">
        {T.openSeparately}
      </Link>
    </div>
  );
}
