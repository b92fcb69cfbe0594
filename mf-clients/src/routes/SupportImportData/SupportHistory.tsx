/**
 * Below the form, once a therapist is chosen: what the support team has already done for that therapist's clinic
 * (checkSupportMeetingAndgHelp): its uploads with file names, sizes and status, and the meetings booked. Names and
 * sizes only; the files' contents are never sent back.
 */
import { Caption1, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { QueryView, useQuery } from '@klinik/ui';
import { historyKey, type SupportApi } from './api';
import { kilobytes } from './rules';
import { texts } from './texts';

const T = texts.history;

const useStyles = makeStyles({
  section: { display: 'grid', gap: '12px', paddingTop: '16px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  title: { margin: 0 },
  list: { display: 'grid', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  entry: { display: 'grid', gap: '2px' },
  files: { margin: 0, paddingLeft: '20px' },
});

const at = (epochMs: number) => `${formatDanishDate(epochMs)} ${formatCopenhagenTime(epochMs)}`;

export interface SupportHistoryProps {
  api: SupportApi;
  therapistId: string;
}

export default function SupportHistory({ api, therapistId }: SupportHistoryProps) {
  const styles = useStyles();
  const history = useQuery(historyKey(therapistId), async () => (await api.history(therapistId)).data);
  return (
    <section className={styles.section} aria-label={T.title}>
      <Subtitle2 as="h2" className={styles.title}>
        {T.title}
      </Subtitle2>
      <QueryView query={history} errorTitle={T.loadFailed} loading={<Caption1 role="status">{texts.loading}</Caption1>}>
        {({ uploads, meetings }) => (
          <>
            <Text weight="semibold">{T.uploads}</Text>
            {uploads.length === 0 ? (
              <Caption1>{T.noUploads}</Caption1>
            ) : (
              <ul className={styles.list} aria-label={T.uploads}>
                {uploads.map((upload) => (
                  <li key={upload.id} className={styles.entry}>
                    <Text>
                      {T.uploadLine(at(upload.createdAt), upload.therapistName)} – {T.status[upload.status]}
                    </Text>
                    <ul className={styles.files}>
                      {upload.files.map((file, index) => (
                        <li key={index}>
                          <Caption1>
                            {file.name} ({texts.size(kilobytes(file.size))})
                          </Caption1>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
            <Text weight="semibold">{T.meetings}</Text>
            {meetings.length === 0 ? (
              <Caption1>{T.noMeetings}</Caption1>
            ) : (
              <ul className={styles.list} aria-label={T.meetings}>
                {meetings.map((meeting) => (
                  <li key={meeting.id}>
                    <Text>{T.meetingLine(at(meeting.createdAt))}</Text>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
