/**
 * The free times of one week, by day, as the booking wizard shows them (its grouping and day titles), for 'Flyt'
 * and 'Book ny tid'. The parent owns the week and the query, so it can ask again after a refusal; only times answered
 * for the week on screen are ever shown.
 */
import { useMemo } from 'react';
import { Button, MessageBar, MessageBarBody, Text, ToggleButton } from '@fluentui/react-components';
import { formatCopenhagenTime, formatDanishDate, startOfCopenhagenWeek } from '@klinik/core/time';
import type { Query } from '@klinik/ui';
import { byDay, dayTitle } from '../wizard/steps/format';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

const DAY = 24 * 3600_000;

export function FreeTimes({
  week,
  onWeek,
  times,
  chosen,
  onChoose,
  hide,
}: {
  week: number;
  /** Moves by whole weeks (the parent clears its choice). */
  onWeek: (weeks: number) => void;
  times: Query<{ data: number[] }>;
  chosen: number | null;
  onChoose: (start: number) => void;
  /** A time not to offer (the booking's own, when moving it). */
  hide?: number;
}) {
  const styles = usePortalStyles();
  const days = useMemo(() => byDay((times.data?.data ?? []).filter((start) => start !== hide)), [times.data, hide]);
  return (
    <>
      <div className={styles.week}>
        <Button aria-label={T.previousWeek} disabled={week <= startOfCopenhagenWeek(Date.now())} onClick={() => onWeek(-1)}>
          ‹
        </Button>
        <Text className={styles.strong}>
          {formatDanishDate(week)} – {formatDanishDate(week + 6 * DAY)}
        </Text>
        <Button aria-label={T.nextWeek} onClick={() => onWeek(1)}>
          ›
        </Button>
      </div>
      {times.error !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {times.error} <Button onClick={() => void times.refresh()}>{T.retry}</Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {times.data === undefined ? (
        times.error === null && <Text role="status">{T.loadingTimes}</Text>
      ) : days.length === 0 ? (
        // A week without a free time (often the rest of this one) leads on to the next.
        <div className={styles.form}>
          <Text>{T.noTimes}</Text>
          <Button onClick={() => onWeek(1)}>{T.weekAfter}</Button>
        </div>
      ) : (
        days.map(({ key, title, starts }) => (
          <div key={key}>
            <h3 className={styles.dayTitle}>{title}</h3>
            <div className={styles.times} role="group" aria-label={title}>
              {starts.map((start) => (
                <ToggleButton key={start} checked={chosen === start} onClick={() => onChoose(start)}>
                  {formatCopenhagenTime(start)}
                </ToggleButton>
              ))}
            </div>
          </div>
        ))
      )}
      {chosen !== null && <Text role="status">{T.chosen(`${dayTitle.format(chosen)} kl. ${formatCopenhagenTime(chosen)}`)}</Text>}
    </>
  );
}
