/**
 * The dates of a series that collide, each with a choice: skip it, or one of the free times the server offered that
 * day. Nothing is saved until every collision has a choice (the server refuses otherwise, and says which).
 */
import { Field, MessageBar, MessageBarBody, MessageBarTitle, Select, makeStyles } from '@fluentui/react-components';
import { formatCopenhagenTime, formatDanishDayLong, type SeriesDate } from '@klinik/core';
import { texts } from '../../../texts';

const T = texts.series;

/** Per date index: 'skip', a start (epoch ms as text), or '' while not chosen. */
export type SeriesChoices = Record<number, string>;

const useStyles = makeStyles({
  list: { display: 'grid', gap: '8px' },
});

/** The choices made, as the server takes them. */
export function choicesOf(chosen: SeriesChoices): { index: number; from: number | null }[] {
  return Object.entries(chosen)
    .filter(([, value]) => value !== '')
    .map(([index, value]) => ({ index: Number(index), from: value === 'skip' ? null : Number(value) }));
}

export function SeriesConflicts({ dates, chosen, onChoose, errors }: { dates: readonly SeriesDate[]; chosen: SeriesChoices; onChoose: (index: number, value: string) => void; errors: Record<string, string> }) {
  const styles = useStyles();
  const conflicts = dates.filter((date) => date.conflict !== null);
  if (conflicts.length === 0) return null;
  return (
    <div className={styles.list}>
      <MessageBar intent="warning">
        <MessageBarBody>
          <MessageBarTitle>{T.conflictsTitle}</MessageBarTitle>
          {T.conflictsHint}
        </MessageBarBody>
      </MessageBar>
      {conflicts.map((date) => {
        const message = errors[`dates.${date.index}`];
        return (
          <Field
            key={date.index}
            label={T.dateLabel(formatDanishDayLong(date.from), formatCopenhagenTime(date.from), T.taken[date.conflict!])}
            validationMessage={message}
            validationState={message ? 'error' : 'none'}
          >
            <Select value={chosen[date.index] ?? ''} onChange={(_, data) => onChoose(date.index, data.value)}>
              <option value="">{T.choose}</option>
              <option value="skip">{T.skip}</option>
              {date.freeStarts.map((start) => (
                <option key={start} value={String(start)}>
                  {T.at(formatCopenhagenTime(start))}
                </option>
              ))}
            </Select>
          </Field>
        );
      })}
    </div>
  );
}
