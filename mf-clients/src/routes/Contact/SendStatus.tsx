/** A newsletter's latest sending: its state, a progress bar while it runs, and how many it was sent to or skipped. */
import { Caption1, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { NewsletterSend } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { isRunning, sendProgress } from './model';
import { texts } from './texts';

const T = texts.send;

const useStyles = makeStyles({
  status: { display: 'grid', gap: '4px' },
  counts: { color: tokens.colorNeutralForeground2 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

export function SendStatus({ subject, send }: { subject: string; send: NewsletterSend | null }) {
  const styles = useStyles();
  if (!send) return <Caption1>{texts.newsletters.notSent}</Caption1>;
  const running = isRunning(send);
  const progress = sendProgress(send);
  const finishedAt = send.finishedAt ?? send.createdAt;
  return (
    <div className={styles.status}>
      <Text size={200} weight="semibold">
        {send.state === 'preparing' ? T.preparing : send.state === 'sending' ? T.sending(send) : T.done(`${formatDanishDate(finishedAt)} ${formatCopenhagenTime(finishedAt)}`)}{' '}
        {T.audience[send.audience]}
      </Text>
      {running && <ProgressBar aria-label={T.progress(subject)} value={progress ?? undefined} max={1} thickness="large" />}
      <Caption1 className={send.failed > 0 ? styles.failed : styles.counts}>{T.counts(send)}</Caption1>
    </div>
  );
}
