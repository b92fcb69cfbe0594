/**
 * 'Gentag': every 1–4 weeks, until a day or a number of times (at most 52), and the summary of what will be booked
 * ('10 tider fra tirsdag 1. december'), worked out with the server's own rule so the two agree.
 */
import { Field, Input, Radio, RadioGroup, Select, Switch, Text, makeStyles } from '@fluentui/react-components';
import { SERIES_MAX_DATES, SERIES_MAX_INTERVAL_WEEKS, seriesProblem, seriesStarts, seriesSummary } from '@klinik/core';
import { texts } from '../../../texts';
import type { FieldPropsOf } from './fieldProps';
import { repeatOf, type RepeatDraft } from './form';

const T = texts.series;

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
});

export function RepeatFields({
  value,
  first,
  onChange,
  field,
}: {
  value: RepeatDraft;
  /** The first date's start, or null while the date or time is not valid. */
  first: number | null;
  onChange: (change: Partial<RepeatDraft>) => void;
  field: FieldPropsOf;
}) {
  const styles = useStyles();
  const repeat = repeatOf(value);
  const summary = value.on && first !== null && !seriesProblem(first, repeat) ? seriesSummary(seriesStarts(first, repeat)) : '';
  return (
    <>
      <Switch label={T.repeat} checked={value.on} onChange={(_, data) => onChange({ on: data.checked })} />
      {value.on && (
        <>
          <div className={styles.pair}>
            <Field label={T.interval} {...field('repeat.intervalWeeks')}>
              <Select value={String(value.intervalWeeks)} onChange={(_, data) => onChange({ intervalWeeks: Number(data.value) })}>
                {Array.from({ length: SERIES_MAX_INTERVAL_WEEKS }, (_, at) => at + 1).map((weeks) => (
                  <option key={weeks} value={weeks}>
                    {T.every(weeks)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={T.end}>
              <RadioGroup layout="horizontal" value={value.end} onChange={(_, data) => onChange({ end: data.value as RepeatDraft['end'] })}>
                <Radio value="count" label={T.count} />
                <Radio value="until" label={T.until} />
              </RadioGroup>
            </Field>
          </div>
          {value.end === 'count' ? (
            <Field label={T.count} {...field('repeat.count')}>
              <Input type="number" min={2} max={SERIES_MAX_DATES} value={value.count} onChange={(_, data) => onChange({ count: data.value })} />
            </Field>
          ) : (
            <Field label={T.until} {...field('repeat.until')}>
              <Input type="date" value={value.until} onChange={(_, data) => onChange({ until: data.value })} />
            </Field>
          )}
          {summary && (
            <Text role="status" weight="semibold">
              {summary}
            </Text>
          )}
        </>
      )}
    </>
  );
}
