/**
 * Step 2 'Deltagere': for each saved course day its participants and its waiting list (DayParticipants). A course
 * not created yet has nobody signed up.
 */
import { Text, makeStyles } from '@fluentui/react-components';
import type { CoursesApi } from './api';
import { DayParticipants } from './DayParticipants';
import type { DayDraft } from './days';
import { texts } from './texts';

const T = texts.participants;

const useStyles = makeStyles({
  days: { display: 'grid', gap: '12px' },
});

export default function ParticipantsStep({
  api,
  isNew,
  days,
  limit,
  disabled,
  notify,
  onCounts,
}: {
  api: CoursesApi;
  isNew: boolean;
  days: DayDraft[];
  /** The course's max, as saved. */
  limit: number;
  disabled: boolean;
  notify: (message: string, intent?: 'success' | 'error') => void;
  /** A day's seat and waiting-list counts as just loaded. */
  onCounts: (dayKey: string, clients: number, waiting: number) => void;
}) {
  const styles = useStyles();
  const saved = days.filter((day): day is DayDraft & { id: string } => Boolean(day.id));
  if (isNew) return <Text as="p">{T.afterCreate}</Text>;
  if (saved.length === 0) return <Text as="p">{T.noDays}</Text>;
  return (
    <div className={styles.days}>
      {saved.map((day) => (
        <DayParticipants key={day.key} api={api} day={day} limit={limit} disabled={disabled} notify={notify} onCounts={onCounts} />
      ))}
    </div>
  );
}
