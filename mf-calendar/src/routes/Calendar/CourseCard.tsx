/**
 * The course card (spec 2 §2): a course day clicked in the calendar shows its course's description, the
 * participants and the waiting list. Changes happen in the course dialog under /Kursus.
 */
import { useNavigate } from 'react-router-dom';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CourseDateInCalendar } from '@klinik/core';
import { FormDialog, QueryView, useQuery } from '@klinik/ui';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import type { CalendarApi } from '../../api';
import { PersonList } from '../Courses/PersonList';
import { texts } from '../../texts';

const T = texts.courseCard;

const useStyles = makeStyles({
  // The card's parts carry their own spacing.
  content: { display: 'block' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: '0 0 12px' },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0 },
  description: { margin: '0 0 12px', '& p': { margin: '0 0 6px' } },
  heading: { display: 'block', marginTop: '8px' },
});

export default function CourseCard({ api, date, onClose }: { api: CalendarApi; date: CourseDateInCalendar; onClose: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const people = useQuery(['getEventDateClientsFromTherapist', date.id], () => api.courseParticipants(date.id));
  // The description is the course's (also a colleague's course, in the owner's view of their calendar).
  const course = useQuery(['getEvent', date.eventId], () => api.course(date.eventId));
  const description = course.data?.data.description ?? '';
  const booked = people.data?.data.filter((person) => !person.isWaiting) ?? [];
  const waiting = people.data?.data.filter((person) => person.isWaiting) ?? [];

  return (
    <FormDialog
      title={date.title}
      onClose={onClose}
      contentClassName={styles.content}
      footer={
        <>
          <Button appearance="primary" onClick={() => navigate('/Kursus')}>
            {T.edit}
          </Button>
          <Button onClick={onClose}>{T.close}</Button>
        </>
      }
    >
      <dl className={styles.facts}>
        <dt className={styles.term}>{T.time}</dt>
        <dd className={styles.value}>
          {formatDanishDate(date.from)} {formatCopenhagenTime(date.from)}–{formatCopenhagenTime(date.to)}
        </dd>
        <dt className={styles.term}>{T.seats}</dt>
        <dd className={styles.value}>{T.seatsValue(date.clients, date.limit)}</dd>
      </dl>
      <QueryView query={course} errorTitle={T.descriptionFailed}>
        {() =>
          description && (
            <>
              <Text weight="semibold" className={styles.heading}>
                {T.description}
              </Text>
              {/* Sanitised on the server when the course was saved (courses.ts: sanitizeDescription). */}
              <div className={styles.description} dangerouslySetInnerHTML={{ __html: description }} />
            </>
          )
        }
      </QueryView>
      <QueryView query={people} errorTitle={T.loadFailed} loading={<Spinner size="small" label={T.loading} />}>
        {() => (
          <>
            <Text weight="semibold" className={styles.heading}>
              {T.participants} ({booked.length})
            </Text>
            <PersonList people={booked} empty={T.noParticipants} />
            <Text weight="semibold" className={styles.heading}>
              {T.waiting} ({waiting.length})
            </Text>
            <PersonList people={waiting} empty={T.noWaiting} />
          </>
        )}
      </QueryView>
    </FormDialog>
  );
}
