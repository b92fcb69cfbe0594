/**
 * Step 1 'Kursusdage': each day with its date, from and to (05:00–23:00 in 15-minute steps) and sign-up deadline.
 * The rules are checked as the therapist types; the dialog saves the days.
 */
import { Badge, Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { dayErrors, draftLabel, isChanged, TIME_OPTIONS, type DayDraft, type DayField } from './days';
import { texts } from './texts';

const T = texts.days;

const useStyles = makeStyles({
  // Lines of their own (`block`: Fluent's text is inline even as a <p>, so the intro and 'Ingen kursusdage endnu' ran
  // together), apart as the list's items are.
  line: { margin: '0 0 12px' },
  list: { display: 'grid', gap: '12px', margin: 0, padding: 0, listStyleType: 'none' },
  day: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px 12px 12px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  head: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', marginBottom: '4px' },
  name: { fontWeight: tokens.fontWeightSemibold },
  when: { color: tokens.colorNeutralForeground2, flexGrow: 1, '@media (max-width: 599px)': { order: 1, flexBasis: '100%' } },
  status: { display: 'flex', alignItems: 'center', gap: '8px', marginLeft: 'auto' },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 1.4fr) minmax(90px, 1fr) minmax(90px, 1fr) minmax(120px, 1.2fr)',
    gap: '8px 12px',
    alignItems: 'start',
    '@media (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
  },
  wide: { '@media (max-width: 599px)': { gridColumn: '1 / -1' } },
  control: { minWidth: 0, width: '100%' },
  add: { justifySelf: 'start', marginTop: '12px' },
});

function timeOptions(current: string): string[] {
  return TIME_OPTIONS.includes(current) ? [...TIME_OPTIONS] : [...TIME_OPTIONS, current].sort();
}

export default function DaysStep({
  days,
  disabled,
  onChange,
  onAdd,
  onDelete,
}: {
  days: DayDraft[];
  disabled: boolean;
  onChange: (key: string, change: Partial<Pick<DayDraft, DayField>>) => void;
  onAdd: () => void;
  onDelete: (day: DayDraft) => void;
}) {
  const styles = useStyles();
  return (
    <div>
      <Text as="p" block className={styles.line}>
        {T.intro}
      </Text>
      {days.length === 0 && (
        <Text as="p" block className={styles.line}>
          {T.empty}
        </Text>
      )}
      <ul className={styles.list}>
        {days.map((day, index) => {
          const errors = dayErrors(day);
          const name = T.day(index + 1);
          const state = (field: DayField) => (errors[field] ? 'error' : 'none');
          return (
            <li key={day.key} className={styles.day} role="group" aria-label={name}>
              <div className={styles.head}>
                <Text className={styles.name}>{name}</Text>
                <Text className={styles.when} size={200}>
                  {draftLabel(day)}
                </Text>
                <span className={styles.status}>
                  {!day.id ? (
                    <Badge appearance="tint" color="informative">
                      {T.notSaved}
                    </Badge>
                  ) : (
                    isChanged(day) && (
                      <Badge appearance="tint" color="warning">
                        {T.changed}
                      </Badge>
                    )
                  )}
                  {day.id && (
                    <Badge appearance="tint" color={day.waiting ? 'danger' : 'brand'}>
                      {T.booked(day.clients, day.waiting)}
                    </Badge>
                  )}
                  <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`${T.delete} ${index + 1}`} title={T.delete} disabled={disabled} onClick={() => onDelete(day)} />
                </span>
              </div>
              <div className={styles.fields}>
                <Field className={styles.wide} label={T.date} required validationMessage={errors.date} validationState={state('date')}>
                  <Input className={styles.control} type="date" value={day.date} disabled={disabled} onChange={(_, data) => onChange(day.key, { date: data.value })} />
                </Field>
                <Field label={T.from} required validationMessage={errors.from} validationState={state('from')}>
                  <Select className={styles.control} value={day.from} disabled={disabled} onChange={(_, data) => onChange(day.key, { from: data.value })}>
                    {timeOptions(day.from).map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </Select>
                </Field>
                <Field label={T.to} required validationMessage={errors.to} validationState={state('to')}>
                  <Select className={styles.control} value={day.to} disabled={disabled} onChange={(_, data) => onChange(day.key, { to: data.value })}>
                    {timeOptions(day.to).map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </Select>
                </Field>
                <Field className={styles.wide} label={T.latestDays} required validationMessage={errors.latestDays} validationState={state('latestDays')}>
                  <Input
                    className={styles.control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={365}
                    value={day.latestDays}
                    disabled={disabled}
                    onChange={(_, data) => onChange(day.key, { latestDays: data.value })}
                  />
                </Field>
              </div>
            </li>
          );
        })}
      </ul>
      <Button className={styles.add} icon={<AddRegular />} disabled={disabled} onClick={onAdd}>
        {T.add}
      </Button>
    </div>
  );
}
