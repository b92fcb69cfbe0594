/**
 * One saved course day in step 2: its participants and its waiting list (isWaiting), loaded when shown; a person
 * can be removed after 'Er du sikker?', which names who gets the seat (the first on the waiting list). The
 * removal reloads the day's list and the course list.
 */
import { Suspense, useEffect, useState } from 'react';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { Participant } from '@klinik/core';
import { QueryView, partOnDemand, useMutation, useQuery } from '@klinik/ui';
import type { CoursesApi } from './api';
import { dayLabel, toDateFields, type DayDraft } from './days';
import { nameOf, PersonList } from './PersonList';
import { texts } from './texts';

const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const T = texts.participants;

const useStyles = makeStyles({
  day: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px 12px', backgroundColor: tokens.colorNeutralBackground1 },
  heading: { margin: '0 0 4px', fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  columns: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '4px 16px' },
  subheading: { margin: '8px 0 4px', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
});

export function DayParticipants({
  api,
  day,
  limit,
  disabled,
  notify,
  onCounts,
}: {
  api: CoursesApi;
  day: DayDraft & { id: string };
  limit: number;
  disabled: boolean;
  notify: (message: string, intent?: 'success' | 'error') => void;
  onCounts: (dayKey: string, clients: number, waiting: number) => void;
}) {
  const styles = useStyles();
  const key = ['getEventDateClientsFromTherapist', day.id] as const;
  const people = useQuery(key, () => api.participants(day.id));
  const [removing, setRemoving] = useState<Participant | null>(null);
  const remove = useMutation((id: string) => api.removeParticipant(id), { notify, invalidates: [key, ['getAllEvent']] });

  // The day's badges on step 1 follow the counts as last loaded.
  const answer = people.data?.data;
  useEffect(() => {
    if (!answer) return;
    const waiting = answer.filter((person) => person.isWaiting).length;
    onCounts(day.key, answer.length - waiting, waiting);
  }, [answer, day.key, onCounts]);

  // The heading shows the day as saved; unsaved changes to it are on step 1.
  const fields = day.saved ? toDateFields({ ...day, ...day.saved }) : toDateFields(day);
  const label = dayLabel(fields.from, fields.to);
  const booked = answer?.filter((person) => !person.isWaiting) ?? [];
  const waiting = answer?.filter((person) => person.isWaiting) ?? [];
  /** Who gets the seat when a participant (not someone waiting) is removed. */
  const firstWaiting = (person: Participant) => (person.isWaiting || !waiting[0] ? null : nameOf(waiting[0]));

  return (
    <section className={styles.day} aria-label={label}>
      <h3 className={styles.heading}>{label}</h3>
      <QueryView query={people} errorTitle={T.loadFailed} loading={<Spinner size="tiny" label={T.loading} />}>
        {() => (
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
      </QueryView>
      {removing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            body={T.removeBody(nameOf(removing), firstWaiting(removing))}
            confirmLabel={T.remove}
            onClose={() => setRemoving(null)}
            onConfirm={async () => {
              await remove.runOrThrow(removing.id);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
