/**
 * `/Kursus` (spec 2, Courses): the clinic's courses, searchable and paginated (5, 10, 15), with the owner's
 * therapist filter; each with its therapist, min/max, number of days and next day; create, edit and delete
 * ('Er du sikker?'). A table on wide screens, cards on a phone. The dialog and the confirmation load when opened.
 */
import { Suspense, useCallback, useMemo, useState } from 'react';
import {
  Button,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { RemotePageProps } from '@klinik/core/rules';
import type { Course } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { ListToolbar, LoadError, PageHeader, Pager, SkeletonRows, TableScroll, partOnDemand, useMutation, useNotifications, usePagedList, type PageQuery } from '@klinik/ui';
import { useNarrowerThan } from '../../useNarrowerThan';
import { coursesApi } from './api';
import { texts } from './texts';

const CourseDialog = partOnDemand(() => import('./CourseDialog'));
const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const T = texts.list;
const COLUMNS = 6;
/** The list's queries; the dialog and the deletion reload them. */
const COURSES = ['getAllEvent'] as const;
/** Below this width the table turns into cards. */
const CARDS_BELOW_PX = 640;

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  nowrap: { whiteSpace: 'nowrap' },
  actions: { width: '96px' },
  title: { fontWeight: tokens.fontWeightSemibold },
  cards: { display: 'grid', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '10px 12px',
  },
  cardHead: { display: 'flex', alignItems: 'flex-start', gap: '4px' },
  cardTitle: { flexGrow: 1, margin: '4px 0', fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

function therapistName(course: Course): string {
  return `${course.nameFirst} ${course.nameLast}`.trim();
}

/** The first day not yet over, in Copenhagen time (the days come sorted by start). */
function nextDay(course: Course, now: number): string {
  const next = course.dates.find((date) => date.to > now);
  return next ? `${formatDanishDate(next.from)} ${formatCopenhagenTime(next.from)}` : T.noNextDay;
}

export default function CoursesPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => coursesApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const narrow = useNarrowerThan(CARDS_BELOW_PX);
  const isOwner = shell.therapist?.isAdmin ?? false;
  const fetchPage = useCallback((query: PageQuery) => api.list(query), [api]);
  const { search, setSearch, therapistId, setTherapistId, therapists, page, setPage, size, setSize, rows, total, error, load } = usePagedList({
    fetchPage,
    ownerTherapists: isOwner ? { load: api.therapists, failedText: T.therapistsFailed, notify } : undefined,
    loadFailed: T.loadFailed,
    queryKey: COURSES,
  });
  const remove = useMutation((id: string) => api.remove(id), { notify, invalidates: [COURSES] });
  const [editing, setEditing] = useState<Course | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const now = Date.now();

  const loading = rows === null;
  const empty = rows !== null && rows.length === 0 && !error;

  const actionButtons = (course: Course) => (
    <>
      <Button appearance="subtle" icon={<EditRegular />} aria-label={`${T.edit} ${course.title}`} title={T.edit} onClick={() => setEditing(course)} />
      <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`${T.delete} ${course.title}`} title={T.delete} onClick={() => setDeleting(course)} />
    </>
  );

  const table = (
    <TableScroll>
      <Table className={styles.table} aria-label={T.title} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{T.courseTitle}</TableHeaderCell>
            <TableHeaderCell>{T.therapist}</TableHeaderCell>
            <TableHeaderCell className={styles.nowrap}>{T.participants}</TableHeaderCell>
            <TableHeaderCell className={styles.nowrap}>{T.days}</TableHeaderCell>
            <TableHeaderCell className={styles.nowrap}>{T.nextDay}</TableHeaderCell>
            <TableHeaderCell className={styles.actions}>{T.actions}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading && <SkeletonRows rows={size} columns={COLUMNS} />}
          {empty && (
            <TableRow>
              <TableCell colSpan={COLUMNS}>
                <Text>{T.empty}</Text>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((course) => (
            <TableRow key={course.id}>
              <TableCell className={styles.title}>{course.title}</TableCell>
              <TableCell>{therapistName(course)}</TableCell>
              <TableCell className={styles.nowrap}>
                {course.min}/{course.limit}
              </TableCell>
              <TableCell className={styles.nowrap}>{course.dates.length}</TableCell>
              <TableCell className={styles.nowrap}>{nextDay(course, now)}</TableCell>
              <TableCell>{actionButtons(course)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );

  const cards = (
    <ul className={styles.cards} aria-label={T.title} aria-busy={loading}>
      {loading &&
        Array.from({ length: Math.min(size, 5) }, (_, index) => (
          <li key={`skeleton-${index}`} className={styles.card} aria-hidden>
            <Skeleton>
              <SkeletonItem size={20} />
              <SkeletonItem size={12} />
              <SkeletonItem size={12} />
            </Skeleton>
          </li>
        ))}
      {empty && (
        <li className={styles.card}>
          <Text>{T.empty}</Text>
        </li>
      )}
      {rows?.map((course) => (
        <li key={course.id} className={styles.card}>
          <article aria-label={course.title}>
            <div className={styles.cardHead}>
              <h2 className={styles.cardTitle}>{course.title}</h2>
              {actionButtons(course)}
            </div>
            <dl className={styles.facts}>
              <dt className={styles.term}>{T.therapist}</dt>
              <dd className={styles.value}>{therapistName(course)}</dd>
              <dt className={styles.term}>{T.participantsLong}</dt>
              <dd className={styles.value}>
                {course.min}/{course.limit}
              </dd>
              <dt className={styles.term}>{T.days}</dt>
              <dd className={styles.value}>{course.dates.length}</dd>
              <dt className={styles.term}>{T.nextDay}</dt>
              <dd className={styles.value}>{nextDay(course, now)}</dd>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );

  return (
    <section>
      {toaster}
      <PageHeader title={T.title}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing(null)}>
          {T.add}
        </Button>
      </PageHeader>
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={T.search}
        therapistFilter={isOwner ? { label: T.therapist, allLabel: T.allTherapists, value: therapistId, options: therapists, onChange: setTherapistId } : undefined}
      />
      {error && <LoadError title={T.loadFailed} detail={error} retryLabel={T.retry} onRetry={() => void load()} />}
      {narrow ? cards : table}
      <Pager page={page} size={size} total={total} onPage={setPage} onSize={setSize} />
      <Suspense fallback={null}>
        {editing !== undefined && (
          <CourseDialog api={api} course={editing} notify={notify} onClose={() => setEditing(undefined)} />
        )}
        {deleting !== null && (
          <ConfirmDialog
            open
            body={T.deleteBody(deleting.title)}
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              await remove.runOrThrow(deleting.id);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
