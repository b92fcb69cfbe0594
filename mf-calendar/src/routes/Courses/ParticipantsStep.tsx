/**
 * Step 2 'Deltagere': for each saved course day its participants and its waiting list (isWaiting), loaded when the
 * step opens; a participant can be removed after 'Er du sikker?'.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Participant } from '@klinik/core';
import { LoadError } from '@klinik/ui';
import type { CoursesApi } from './api';
import { dayLabel, toDateFields, type DayDraft } from './days';
import { nameOf, PersonList } from './PersonList';
import { texts } from './texts';

const ConfirmDialog = lazy(() => import('@klinik/ui/ConfirmDialog'));

const T = texts.participants;

const useStyles = makeStyles({
  days: { display: 'grid', gap: '12px' },
  day: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px 12px', backgroundColor: tokens.colorNeutralBackground1 },
  heading: { margin: '0 0 4px', fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  columns: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '4px 16px' },
  subheading: { margin: '8px 0 4px', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
});

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; people: Participant[] };

export default function ParticipantsStep({
  api,
  isNew,
  days,
  limit,
  disabled,
  onCounts,
  onRemoved,
}: {
  api: CoursesApi;
  /** A course not created yet has nobody signed up. */
  isNew: boolean;
  days: DayDraft[];
  /** The course's max, as saved. */
  limit: number;
  disabled: boolean;
  /** The day's seat and waiting-list counts as just loaded. */
  onCounts: (dayKey: string, clients: number, waiting: number) => void;
  onRemoved: (message: string) => void;
}) {
  const styles = useStyles();
  const saved = days.filter((day): day is DayDraft & { id: string } => Boolean(day.id));
  const [loaded, setLoaded] = useState<Record<string, Loaded>>({});
  const [removing, setRemoving] = useState<Participant | null>(null);
  const ids = saved.map((day) => day.id).join(',');

  const loadDay = useCallback(
    async (day: DayDraft & { id: string }) => {
      setLoaded((current) => ({ ...current, [day.id]: { state: 'loading' } }));
      try {
        const answer = await api.participants(day.id);
        setLoaded((current) => ({ ...current, [day.id]: { state: 'done', people: answer.data } }));
        const waiting = answer.data.filter((person) => person.isWaiting).length;
        onCounts(day.key, answer.data.length - waiting, waiting);
      } catch (reason) {
        setLoaded((current) => ({ ...current, [day.id]: { state: 'failed', message: reason instanceof Error ? reason.message : T.loadFailed } }));
      }
    },
    [api, onCounts],
  );

  useEffect(() => {
    for (const day of saved) void loadDay(day);
    // Loads once per set of saved days, not on every count update of the parent.
  }, [ids]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Who gets the seat when a participant (not someone waiting) is removed: the first on that day's waiting list. */
  const firstWaiting = (person: Participant): string | null => {
    const entry = loaded[person.eventDateId];
    if (person.isWaiting || entry?.state !== 'done') return null;
    const next = entry.people.find((candidate) => candidate.isWaiting);
    return next ? nameOf(next) : null;
  };

  if (isNew) return <Text as="p">{T.afterCreate}</Text>;
  if (saved.length === 0) return <Text as="p">{T.noDays}</Text>;

  return (
    <div className={styles.days}>
      {saved.map((day) => {
        const entry = loaded[day.id] ?? { state: 'loading' };
        // The heading shows the day as saved; unsaved changes to it are on step 1.
        const fields = day.saved ? toDateFields({ ...day, ...day.saved }) : toDateFields(day);
        const label = dayLabel(fields.from, fields.to);
        const booked = entry.state === 'done' ? entry.people.filter((person) => !person.isWaiting) : [];
        const waiting = entry.state === 'done' ? entry.people.filter((person) => person.isWaiting) : [];
        return (
          <section key={day.key} className={styles.day} aria-label={label}>
            <h3 className={styles.heading}>{label}</h3>
            {entry.state === 'loading' && <Spinner size="tiny" label={T.loading} />}
            {entry.state === 'failed' && <LoadError title={T.loadFailed} detail={entry.message} onRetry={() => void loadDay(day)} retryLabel={texts.list.retry} />}
            {entry.state === 'done' && (
              <div className={styles.columns}>
                <div>
                  <h4 className={styles.subheading}>
                    {T.participants} ({T.seats(booked.length, limit)})
                  </h4>
                  <PersonList people={booked} empty={T.noParticipants} disabled={disabled} onRemove={setRemoving} />
                </div>
                <div>
                  <h4 className={styles.subheading}>
                    {T.waiting} ({waiting.length})
                  </h4>
                  <PersonList people={waiting} empty={T.noWaiting} disabled={disabled} onRemove={setRemoving} />
                </div>
              </div>
            )}
          </section>
        );
      })}
      {removing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            body={T.removeBody(nameOf(removing), firstWaiting(removing))}
            confirmLabel={T.remove}
            onClose={() => setRemoving(null)}
            onConfirm={async () => {
              const answer = await api.removeParticipant(removing.id);
              onRemoved(answer.message);
              const day = saved.find((candidate) => candidate.id === removing.eventDateId);
              if (day) await loadDay(day);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
