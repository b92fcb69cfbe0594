/**
 * The course dialog (spec 2 §4, Courses): steps 0 'Navn og beskrivelse', 1 'Kursusdage', 2 'Deltagere'.
 *
 * A new course is created by 'Opret' on the last step, all or nothing as the therapist sees it: the course is
 * added, then its days in one call (which the server makes all or none); if the days are refused, the course
 * just added is deleted again and the form stays as it was, with the server's message. Should that deletion fail
 * too, the course is remembered, and the next 'Opret' changes it and adds the days instead of making a second.
 *
 * An existing course is saved by 'Gem': the course, then each changed day (compare-and-swap on its version),
 * then the new days. Each part that succeeds is marked saved at once, so a failure loses nothing and a second
 * 'Gem' sends only what is left. Deleting a saved day or removing a participant happens at once, after
 * 'Er du sikker?'; a deleted day's answer carries the course's days, which the dialog then shows (reconcileDays).
 */
import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Tab,
  TabList,
  makeStyles,
} from '@fluentui/react-components';
import { actions, bookingMessages, fieldErrorsFromIssues, type Course } from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import type { FieldErrors } from '@klinik/core/rules';
import type { CoursesApi } from './api';
import { dayErrors, dayFromServer, draftLabel, hasErrors, isChanged, markSaved, newDay, reconcileDays, toDateFields, type DayDraft, type DayField } from './days';
import DaysStep from './DaysStep';
import DetailsStep, { type CourseForm } from './DetailsStep';
import ParticipantsStep from './ParticipantsStep';
import { texts } from './texts';

const ConfirmDialog = lazy(() => import('@klinik/ui/ConfirmDialog'));

const T = texts.dialog;
type Step = 0 | 1 | 2;
const LAST_STEP: Step = 2;

const useStyles = makeStyles({
  surface: {
    width: 'min(780px, calc(100vw - 24px))',
    maxWidth: 'min(780px, calc(100vw - 24px))',
    '@media (max-width: 599px)': { padding: '16px 12px' },
  },
  content: { display: 'grid', gap: '12px', alignContent: 'start' },
  tabs: { flexWrap: 'wrap', marginBottom: '4px' },
});

function toNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.replace(',', '.'));
}

function courseInput(form: CourseForm) {
  return { title: form.title, description: form.description, limit: toNumber(form.limit), min: toNumber(form.min) };
}

/** The server's rules for a course, with its messages; min above max as the spec words it. */
function courseErrors(form: CourseForm): FieldErrors {
  const input = courseInput(form);
  const parsed = actions.addEvent.input.safeParse(input);
  const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  if (!errors.min && !errors.limit && input.min !== undefined && input.limit !== undefined && input.min > input.limit) errors.min = bookingMessages.minAboveMax;
  return errors;
}

/** Server field errors of setEvent come as 'course.title'; the form's fields are 'title'. */
function courseFieldErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^course\./, ''), message]));
}

function messageOf(error: unknown): string {
  // ActionError is an Error too; anything else (a thrown string) gets the general message.
  return error instanceof Error ? error.message || T.saveFailed : T.saveFailed;
}

export default function CourseDialog({
  api,
  course,
  onClose,
  onSaved,
  notify,
}: {
  api: CoursesApi;
  /** The course to edit, or null to create one. */
  course: Course | null;
  /** `changed`: something was saved on the server while the dialog was open. */
  onClose: (changed: boolean) => void;
  onSaved: (message: string) => void;
  notify: (message: string) => void;
}) {
  const styles = useStyles();
  const isNew = course === null;
  const [step, setStep] = useState<Step>(0);
  const [form, setForm] = useState<CourseForm>(() => ({
    title: course?.title ?? '',
    description: course?.description ?? '',
    min: course ? String(course.min) : '',
    limit: course ? String(course.limit) : '',
  }));
  const [days, setDays] = useState<DayDraft[]>(() => (course ? [...course.dates].sort((a, b) => a.from - b.from).map(dayFromServer) : [newDay(undefined)]));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deletingDay, setDeletingDay] = useState<DayDraft | null>(null);
  const changed = useRef(false);
  /** A new course the server has but whose days it refused, and that could not be deleted again. */
  const created = useRef<Course | null>(null);

  const clientErrors = useMemo(() => courseErrors(form), [form]);
  const shownErrors = useMemo<FieldErrors>(() => ({ ...(submitted ? clientErrors : {}), ...serverErrors }), [submitted, clientErrors, serverErrors]);
  const daysInvalid = days.some((day) => hasErrors(dayErrors(day)));

  const changeForm = useCallback((change: Partial<CourseForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  }, []);
  const changeDay = useCallback((key: string, change: Partial<Pick<DayDraft, DayField>>) => {
    setDays((current) => current.map((day) => (day.key === key ? { ...day, ...change } : day)));
  }, []);
  const setCounts = useCallback((key: string, clients: number, waiting: number) => {
    setDays((current) => current.map((day) => (day.key === key && (day.clients !== clients || day.waiting !== waiting) ? { ...day, clients, waiting } : day)));
  }, []);

  /** The first step with a problem, or null when everything can be sent. */
  function firstInvalidStep(): Step | null {
    if (Object.keys(clientErrors).length) return 0;
    if (daysInvalid) return 1;
    return null;
  }

  function goNext() {
    if (step === 0) {
      setSubmitted(true);
      if (Object.keys(clientErrors).length) return;
    }
    if (step === 1 && daysInvalid) return;
    setStep((current) => Math.min(LAST_STEP, current + 1) as Step);
  }

  function fail(error: unknown) {
    setFailure(messageOf(error));
    if (error instanceof ActionError) setServerErrors(courseFieldErrors(error.errors));
  }

  async function create() {
    setSubmitted(true);
    setFailure(null);
    const invalid = firstInvalidStep();
    if (invalid !== null) return setStep(invalid);
    if (days.length === 0) {
      setStep(1);
      return setFailure(bookingMessages.courseDateRequired);
    }
    setBusy(true);
    const fields = courseInput(form) as Parameters<CoursesApi['add']>[0];
    let course = created.current;
    let message = '';
    try {
      if (course) {
        course = (await api.set(course.id, fields)).data;
      } else {
        const answer = await api.add(fields);
        course = answer.data;
        message = answer.message;
        created.current = course;
        changed.current = true;
      }
      await api.addDates(course.id, days.map(toDateFields));
      created.current = null;
      onSaved(message || T.created);
    } catch (error) {
      if (created.current) {
        try {
          await api.remove(created.current.id);
          created.current = null;
        } catch {
          // Kept in `created`: the next 'Opret' completes this course rather than making a second one.
        }
      }
      fail(error);
      setBusy(false);
    }
  }

  async function save() {
    if (!course) return;
    setSubmitted(true);
    setFailure(null);
    const invalid = firstInvalidStep();
    if (invalid !== null) return setStep(invalid);
    setBusy(true);
    try {
      const answer = await api.set(course.id, courseInput(form) as Parameters<CoursesApi['set']>[1]);
      changed.current = true;
      for (const day of days) {
        if (!day.id || !isChanged(day)) continue;
        const saved = await api.setDate(day.id, toDateFields(day), day.version);
        setDays((current) => current.map((candidate) => (candidate.key === day.key ? markSaved(candidate, saved.data) : candidate)));
      }
      const added = days.filter((day) => !day.id);
      if (added.length) {
        const saved = await api.addDates(course.id, added.map(toDateFields));
        setDays((current) =>
          current.map((candidate) => {
            const index = added.findIndex((day) => day.key === candidate.key);
            const result = index >= 0 ? saved.data[index] : undefined;
            return result ? markSaved(candidate, result) : candidate;
          }),
        );
      }
      onSaved(answer.message);
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  }

  function requestDelete(day: DayDraft) {
    if (day.id) return setDeletingDay(day);
    setDays((current) => current.filter((candidate) => candidate.key !== day.key));
  }

  const close = () => !busy && onClose(changed.current);
  const unsaved = !isNew && days.some(isChanged);

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{isNew ? T.createTitle : T.editTitle}</DialogTitle>
          <DialogContent className={styles.content}>
            <TabList className={styles.tabs} selectedValue={step} onTabSelect={(_, data) => setStep(data.value as Step)} aria-label={T.stepsLabel} size="small">
              {T.steps.map((label, index) => (
                <Tab key={label} value={index} disabled={busy}>
                  {label}
                </Tab>
              ))}
            </TabList>
            <div role="tabpanel" aria-label={T.steps[step]}>
              {step === 0 && <DetailsStep form={form} onChange={changeForm} errors={shownErrors} disabled={busy} />}
              {step === 1 && (
                <DaysStep
                  days={days}
                  disabled={busy}
                  onChange={changeDay}
                  onAdd={() => setDays((current) => [...current, newDay(current[current.length - 1])])}
                  onDelete={requestDelete}
                />
              )}
              {step === 2 && (
                <ParticipantsStep
                  api={api}
                  isNew={isNew}
                  days={days}
                  limit={course?.limit ?? 0}
                  disabled={busy}
                  onCounts={setCounts}
                  onRemoved={(message) => {
                    changed.current = true;
                    notify(message);
                  }}
                />
              )}
            </div>
            {unsaved && step !== 0 && (
              <MessageBar intent="warning">
                <MessageBarBody>{T.unsavedDays}</MessageBarBody>
              </MessageBar>
            )}
            {failure && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          {(step > 0 || !isNew) && (
            // Moving between steps on the left; closing and saving on the right.
            <DialogActions position="start">
              {step > 0 && (
                <Button onClick={() => setStep((current) => (current - 1) as Step)} disabled={busy}>
                  {T.back}
                </Button>
              )}
              {!isNew && step < LAST_STEP && (
                <Button onClick={goNext} disabled={busy}>
                  {T.next}
                </Button>
              )}
            </DialogActions>
          )}
          <DialogActions position="end">
            <Button onClick={close} disabled={busy}>
              {isNew ? T.cancel : T.close}
            </Button>
            {isNew && step < LAST_STEP && (
              <Button appearance="primary" onClick={goNext} disabled={busy}>
                {T.next}
              </Button>
            )}
            {step === LAST_STEP && (
              // Spec: the last step shows 'Opret' for a new course and is disabled when editing.
              <Button appearance={isNew ? 'primary' : 'secondary'} onClick={() => void create()} disabled={busy || !isNew}>
                {T.create}
              </Button>
            )}
            {!isNew && (
              <Button appearance="primary" onClick={() => void save()} disabled={busy}>
                {T.save}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
        {deletingDay && (
          <Suspense fallback={null}>
            <ConfirmDialog
              open
              body={texts.days.deleteBody(draftLabel({ ...deletingDay, ...deletingDay.saved }))}
              onClose={() => setDeletingDay(null)}
              onConfirm={async () => {
                const answer = await api.removeDate(deletingDay.id!);
                changed.current = true;
                // The server's days after the deletion, not a local guess: labels and counts follow its answer.
                setDays((current) => reconcileDays(current, answer.data.dates));
                notify(answer.message);
              }}
            />
          </Suspense>
        )}
      </DialogSurface>
    </Dialog>
  );
}
