/**
 * The weekly opening-hours dialog (spec 2 §5): weekday circles M T O T F L S, repeat every 1–4 weeks, a start
 * date, a number of repetitions and time rows, in the therapist's colours. Row rules ('Starttidspunkt skal være
 * før sluttidspunkt!' and the others) are checked as you type, with the same rule the server applies. Below, the
 * opening hours of the period on screen, each with a delete button.
 */
import { useState } from 'react';
import {
  Button,
  Field,
  Input,
  Select,
  Text,
  ToggleButton,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { ActionInput, OpeningHours, Weekday } from '@klinik/core';
import { copenhagenDateKey, formatCopenhagenTime, formatDanishDate, timeRowProblems } from '@klinik/core/time';
import { DEFAULT_THERAPIST_COLORS } from '@klinik/core/rules';
import { FormDialog, useMutation } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from '../../texts';
import { OPENING_HOURS } from './queries';

const T = texts.opening;

type WeeklyPattern = ActionInput<'addWeeklyOpeningHours'>['pattern'];

const useStyles = makeStyles({
  days: { display: 'flex', gap: '6px', flexWrap: 'wrap' },
  day: { borderRadius: '50%', minWidth: '40px', width: '40px', height: '40px', padding: 0 },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: '8px', alignItems: 'start' },
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: '8px' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px', maxHeight: '200px', overflowY: 'auto' },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
});

export default function OpeningHoursDialog({
  api,
  colors,
  start,
  existing,
  notify,
  onClose,
}: {
  api: CalendarApi;
  colors: readonly string[] | undefined;
  /** The first day of the period on screen. */
  start: number;
  existing: OpeningHours[];
  notify: (text: string, intent?: 'success' | 'error') => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const theme = colors?.[1] ?? DEFAULT_THERAPIST_COLORS[1];
  const [weekdays, setWeekdays] = useState<Weekday[]>([1, 2, 3, 4, 5]);
  const [everyWeeks, setEveryWeeks] = useState(1);
  const [startDate, setStartDate] = useState(copenhagenDateKey(start));
  const [occurrences, setOccurrences] = useState('4');
  const [rows, setRows] = useState([{ start: '08:00', end: '16:00' }]);
  // Each change reloads the opening hours on screen (the list below comes from the calendar page).
  const save = useMutation((pattern: WeeklyPattern) => api.addWeeklyOpeningHours({ pattern }), {
    notify,
    successText: false,
    invalidates: [OPENING_HOURS],
    onSuccess: (answer) => notify(T.saved(answer.data.length)),
  });
  const remove = useMutation((id: string) => api.deleteOpeningHours(id), { notify, successText: T.deleted, invalidates: [OPENING_HOURS] });
  const busy = save.pending;

  const problems = timeRowProblems(rows);
  const problemOf = (row: number, field: 'start' | 'end') => problems.find((problem) => problem.row === row && problem.field === field)?.message;
  // A refused pattern says what is wrong with it first (the field's message), else the server's message.
  const failure = save.error !== null ? (Object.values(save.fieldErrors)[0] ?? save.error) : remove.error;

  function submit() {
    remove.reset();
    if (problems.length) return;
    void save.run({ weekdays, everyWeeks, startDate, occurrences: Number(occurrences), times: rows });
  }

  return (
    <FormDialog
      title={T.title}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={failure}
      submitLabel={T.save}
      cancelLabel={T.close}
      submitDisabled={weekdays.length === 0 || problems.length > 0}
    >
      <Field label={T.weekdays}>
        <div className={styles.days} role="group" aria-label={T.weekdays}>
          {T.weekdayLetters.map((letter, index) => {
            const day = (index + 1) as Weekday;
            const on = weekdays.includes(day);
            return (
              <ToggleButton
                key={day}
                className={styles.day}
                checked={on}
                aria-label={T.weekdayNames[index]}
                style={on ? { backgroundColor: theme, color: '#ffffff', borderColor: theme } : undefined}
                onClick={() => setWeekdays((current) => (on ? current.filter((value) => value !== day) : [...current, day].sort()))}
              >
                {letter}
              </ToggleButton>
            );
          })}
        </div>
      </Field>
      <div className={styles.pair}>
        <Field label={T.repeat}>
          <Select value={String(everyWeeks)} onChange={(_, data) => setEveryWeeks(Number(data.value))}>
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={String(n)}>
                {T.weeks(n)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={T.startDate}>
          <Input type="date" value={startDate} onChange={(_, data) => setStartDate(data.value)} />
        </Field>
        <Field label={T.occurrences}>
          <Input type="number" min={1} max={52} value={occurrences} onChange={(_, data) => setOccurrences(data.value)} />
        </Field>
      </div>
      <Text weight="semibold">{T.times}</Text>
      {rows.map((row, index) => (
        <div className={styles.row} key={index}>
          <Field label={`${T.start} ${index + 1}`} validationMessage={problemOf(index, 'start')} validationState={problemOf(index, 'start') ? 'error' : 'none'}>
            <Input type="time" step={300} value={row.start} onChange={(_, data) => setRows((current) => current.map((r, i) => (i === index ? { ...r, start: data.value } : r)))} />
          </Field>
          <Field label={`${T.end} ${index + 1}`} validationMessage={problemOf(index, 'end')} validationState={problemOf(index, 'end') ? 'error' : 'none'}>
            <Input type="time" step={300} value={row.end} onChange={(_, data) => setRows((current) => current.map((r, i) => (i === index ? { ...r, end: data.value } : r)))} />
          </Field>
          <Button
            style={{ marginTop: 24 }}
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={`${T.removeRow} ${index + 1}`}
            disabled={rows.length === 1}
            onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button appearance="secondary" icon={<AddRegular />} onClick={() => setRows((current) => [...current, { start: '12:00', end: '12:00' }])}>
        {T.addRow}
      </Button>
      <Text weight="semibold">{T.existing}</Text>
      {existing.length === 0 ? (
        <Text>{T.none}</Text>
      ) : (
        <ul className={styles.list}>
          {existing.map((opening) => (
            <li key={opening.id} className={styles.item}>
              <Text>{`${formatDanishDate(opening.from)} ${formatCopenhagenTime(opening.from)}–${formatCopenhagenTime(opening.to)}`}</Text>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`${T.deleteOne} ${formatDanishDate(opening.from)} ${formatCopenhagenTime(opening.from)}`}
                onClick={() => {
                  save.reset();
                  void remove.run(opening.id);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}
