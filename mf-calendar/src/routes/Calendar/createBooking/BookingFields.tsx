/**
 * What is booked and when: the treatment (from the therapist's bookable treatments; a failed load says so with
 * 'Prøv igen' and is not 'no treatments'), the day and time in Copenhagen time, and the reason.
 */
import { Field, Input, Select, Spinner, Textarea, makeStyles } from '@fluentui/react-components';
import type { Treatment } from '@klinik/core';
import { QueryView, type Query } from '@klinik/ui';
import { texts } from '../../../texts';
import type { FieldPropsOf } from './fieldProps';
import type { BookingDraft } from './form';

const T = texts.create;

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
});

export function BookingFields({
  treatments,
  treatmentId,
  value,
  onChange,
  field,
}: {
  treatments: Query<{ data: Treatment[] }>;
  /** The treatment shown as chosen (the only one there is, before any choice). */
  treatmentId: string;
  value: BookingDraft;
  onChange: (change: Partial<BookingDraft>) => void;
  field: FieldPropsOf;
}) {
  const styles = useStyles();
  return (
    <>
      <Field label={T.treatment} required {...field('treatmentId')} hint={treatments.data?.data.length === 0 ? T.noTreatments : undefined}>
        <QueryView query={treatments} errorTitle={T.treatmentsFailed} loading={<Spinner size="tiny" />}>
          {(answer) => (
            <Select value={treatmentId} onChange={(_, data) => onChange({ treatmentId: data.value })}>
              <option value="">{T.chooseTreatment}</option>
              {answer.data.map((treatment) => (
                <option key={treatment.id} value={treatment.id}>
                  {`${treatment.name} (${treatment.duration / 60} min)`}
                </option>
              ))}
            </Select>
          )}
        </QueryView>
      </Field>
      <div className={styles.pair}>
        <Field label={T.date} required {...field('from')}>
          <Input type="date" value={value.date} onChange={(_, data) => onChange({ date: data.value })} />
        </Field>
        <Field label={T.time} required>
          <Input type="time" step={300} value={value.time} onChange={(_, data) => onChange({ time: data.value })} />
        </Field>
      </div>
      <Field label={T.reason} {...field('reason')}>
        <Textarea value={value.reason} onChange={(_, data) => onChange({ reason: data.value })} resize="vertical" />
      </Field>
    </>
  );
}
