/**
 * The owner's list of the files the support team uploaded for the clinic's import (getSupportUploads, newest
 * first): when, which files with their sizes, and how far the import is. Names and sizes only. With `onImport` (the
 * owner may import) a received upload has 'Importer filerne', which starts its import (importSupportUpload).
 */
import { useState } from 'react';
import { Body1, Button, Caption1, MessageBar, MessageBarBody, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ActionClient } from '@klinik/core/client';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { QueryView, useQuery } from '@klinik/ui';
import { kilobytes } from '../SupportImportData/rules';
import { texts } from './texts';

const T = texts.supportUploads;

const useStyles = makeStyles({
  section: {
    display: 'grid',
    gap: '8px',
    padding: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { margin: 0 },
  list: { display: 'grid', gap: '12px', margin: 0, padding: 0, listStyleType: 'none' },
  entry: { display: 'grid', gap: '2px' },
  files: { margin: 0, paddingLeft: '20px' },
  action: { justifySelf: 'start', marginTop: '4px' },
});

export function SupportUploads({ client, onImport }: { client: ActionClient; onImport: ((uploadId: string) => Promise<void>) | null }) {
  const styles = useStyles();
  const [starting, setStarting] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async (uploadId: string) => {
    if (!onImport) return;
    setStarting(uploadId);
    setFailure(null);
    try {
      await onImport(uploadId);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setStarting(null);
    }
  };
  const uploads = useQuery(['getSupportUploads'], async () => (await client.call('getSupportUploads', {})).data);
  return (
    <section className={styles.section} aria-labelledby="support-uploads-title">
      <Subtitle2 as="h2" id="support-uploads-title" className={styles.title}>
        {T.title}
      </Subtitle2>
      <Caption1>{T.intro}</Caption1>
      {failure && (
        <MessageBar intent="warning">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <QueryView query={uploads} errorTitle={T.loadFailed} loading={<Caption1 role="status">{T.loading}</Caption1>}>
        {(data) =>
          data.length === 0 ? (
            <Body1>{T.none}</Body1>
          ) : (
            <ul className={styles.list}>
              {data.map((upload) => (
                <li key={upload.id} className={styles.entry}>
                  <Text weight="semibold">
                    {T.uploadedAt(`${formatDanishDate(upload.createdAt)} ${formatCopenhagenTime(upload.createdAt)}`)} – {T.status[upload.status]}
                  </Text>
                  <ul className={styles.files}>
                    {upload.files.map((file, index) => (
                      <li key={index}>
                        <Text>
                          {file.name} ({T.size(kilobytes(file.size))})
                        </Text>
                      </li>
                    ))}
                  </ul>
                  {onImport && upload.status === 'received' && (
                    <Button className={styles.action} appearance="primary" disabled={starting !== null} onClick={() => void start(upload.id)}>
                      {T.importNow}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}

export default SupportUploads;
