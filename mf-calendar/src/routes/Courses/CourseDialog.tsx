/**
 * The course dialog (spec 2 §4, Courses): steps 0 'Navn og beskrivelse', 1 'Kursusdage', 2 'Deltagere'.
 *
 * A new course is created by 'Opret' on the last step in one call with its days, which the server makes all or
 * nothing: refused, the form stays as it was with the server's message, and no course is left behind.
 *
 * An existing course is saved by 'Gem' (saveCourse.ts: the course, the changed days, the new ones, each marked
 * saved as the server takes it). Deleting a saved day or removing a participant happens at once, after
 * 'Er du sikker?'; a deleted day's answer carries the course's days, which the dialog then shows (reconcileDays).
 * Every change reloads the course list behind the dialog.
 */
import { Suspense, useCallback, useMemo, useState } from 'react';
import { MessageBar, MessageBarBody, Tab, TabList, makeStyles } from '@fluentui/react-components';
import { bookingMessages, type Course } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';
import { FormDialog, invalidateQueries, partOnDemand, useMutation } from '@klinik/ui';
import type { CoursesApi } from './api';
import { CourseDialogButtons, courseStepButtons } from './CourseDialogActions';
import { courseErrors, courseFieldErrors, firstInvalidStep, formFromCourse, LAST_STEP, toCourseFields, type CourseFields, type CourseForm, type Step } from './courseForm';
import { dayErrors, draftLabel, hasErrors, isChanged, toDateFields, type DayDraft } from './days';
import DaysStep from './DaysStep';
import DetailsStep from './DetailsStep';
import ParticipantsStep from './ParticipantsStep';
import { saveCourse } from './saveCourse';
import { texts } from './texts';
import { useDayDrafts } from './useDayDrafts';

const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const T = texts.dialog;
/** The course list's queries: every change here reloads them. */
const COURSES = ['getAllEvent'] as const;

const useStyles = makeStyles({
  surface: {
    width: 'min(780px, calc(100vw - 24px))',
    maxWidth: 'min(780px, calc(100vw - 24px))',
    '@media (max-width: 599px)': { padding: '16px 12px' },
  },
  content: { display: 'grid', gap: '12px', alignContent: 'start' },
  tabs: { flexWrap: 'wrap', marginBottom: '4px' },
});

/** A refusal without a message of its own (not the server's) says the dialog's general text. */
function withMessage(reason: unknown): never {
  throw reason instanceof Error && reason.message ? reason : new Error(T.saveFailed);
}

export default function CourseDialog({
  api,
  course,
  notify,
  onClose,
}: {
  api: CoursesApi;
  /** The course to edit, or null to create one. */
  course: Course | null;
  notify: (message: string, intent?: 'success' | 'error') => void;
  /** Also called after 'Opret' or 'Gem' succeeded (the toast is shown and the list reloaded by then). */
  onClose: () => void;
}) {
  const styles = useStyles();
  const isNew = course === null;
  const [step, setStep] = useState<Step>(0);
  const [form, setForm] = useState<CourseForm>(() => formFromCourse(course));
  const { days, change, add, dropUnsaved, setCounts, markAllSaved, reconcile } = useDayDrafts(course);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [noDays, setNoDays] = useState(false);
  const [deletingDay, setDeletingDay] = useState<(DayDraft & { id: string }) | null>(null);

  const keepFieldErrors = (_: string, errors: FieldErrors) => setServerErrors(courseFieldErrors(errors));
  const create = useMutation((fields: CourseFields) => api.add({ ...fields, dates: days.map(toDateFields) }).catch(withMessage), {
    notify,
    invalidates: [COURSES],
    onError: keepFieldErrors,
    onSuccess: onClose,
  });
  const save = useMutation((existing: Course) => saveCourse(api, existing.id, form, days, markAllSaved).catch(withMessage), {
    notify,
    invalidates: [COURSES],
    // Some parts may have been saved before the refusal: the list behind shows them.
    onError: (message, errors) => {
      keepFieldErrors(message, errors);
      void invalidateQueries(COURSES);
    },
    onSuccess: onClose,
  });
  const deleteDay = useMutation((id: string) => api.removeDate(id), {
    notify,
    invalidates: [COURSES],
    // The server's days after the deletion, not a local guess: labels and counts follow its answer.
    onSuccess: (answer) => reconcile(answer.data.dates),
  });
  const busy = create.pending || save.pending;

  const clientErrors = useMemo(() => courseErrors(form), [form]);
  const shownErrors = useMemo<FieldErrors>(() => ({ ...(submitted ? clientErrors : {}), ...serverErrors }), [submitted, clientErrors, serverErrors]);

  const changeForm = useCallback((change: Partial<CourseForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  }, []);

  function goNext() {
    if (step === 0) {
      setSubmitted(true);
      if (hasErrors(clientErrors)) return;
    }
    if (step === 1 && days.some((day) => hasErrors(dayErrors(day)))) return;
    setStep((current) => Math.min(LAST_STEP, current + 1) as Step);
  }

  /** 'Opret' (a new course) or 'Gem': everything checked first; a step with a problem is shown instead. */
  function submit() {
    setSubmitted(true);
    setNoDays(false);
    create.reset();
    save.reset();
    const invalid = firstInvalidStep(form, days);
    if (invalid !== null) return setStep(invalid);
    if (course) return void save.run(course);
    if (days.length === 0) {
      setStep(1);
      return setNoDays(true);
    }
    void create.run(toCourseFields(form));
  }

  function requestDelete(day: DayDraft) {
    if (day.id) setDeletingDay({ ...day, id: day.id });
    else dropUnsaved(day.key);
  }

  const close = () => !busy && onClose();
  const unsaved = !isNew && days.some(isChanged);
  const failure = noDays ? bookingMessages.courseDateRequired : (create.error ?? save.error);

  const actionProps = { isNew, step, busy, onBack: () => setStep((current) => (current - 1) as Step), onNext: goNext, onClose: close, onSubmit: submit };

  return (
    <FormDialog
      title={isNew ? T.createTitle : T.editTitle}
      onClose={onClose}
      busy={busy}
      error={failure}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      startActions={courseStepButtons(actionProps)}
      footer={<CourseDialogButtons {...actionProps} />}
    >
      <TabList className={styles.tabs} selectedValue={step} onTabSelect={(_, data) => setStep(data.value as Step)} aria-label={T.stepsLabel} size="small">
        {T.steps.map((label, index) => (
          <Tab key={label} value={index} disabled={busy}>
            {label}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={T.steps[step]}>
        {step === 0 && <DetailsStep form={form} onChange={changeForm} errors={shownErrors} disabled={busy} />}
        {step === 1 && <DaysStep days={days} disabled={busy} onChange={change} onAdd={add} onDelete={requestDelete} />}
        {step === 2 && <ParticipantsStep api={api} isNew={isNew} days={days} limit={course?.limit ?? 0} disabled={busy} notify={notify} onCounts={setCounts} />}
      </div>
      {unsaved && step !== 0 && (
        <MessageBar intent="warning">
          <MessageBarBody>{T.unsavedDays}</MessageBarBody>
        </MessageBar>
      )}
      {deletingDay && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            body={texts.days.deleteBody(draftLabel({ ...deletingDay, ...deletingDay.saved }))}
            onClose={() => setDeletingDay(null)}
            onConfirm={async () => {
              await deleteDay.runOrThrow(deletingDay.id);
            }}
          />
        </Suspense>
      )}
    </FormDialog>
  );
}
