/** 'Ikke tilgængelig': from and to (Copenhagen date and time) and the reason. */
import { Field, Input, makeStyles } from '@fluentui/react-components';
import { texts } from '../../../texts';
import type { FieldPropsOf } from './fieldProps';
import type { LeaveDraft } from './form';

const T = texts.create;

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
});

export function LeaveFields({ value, onChange, field }: { value: LeaveDraft; onChange: (change: Partial<LeaveDraft>) => void; field: FieldPropsOf }) {
  const styles = useStyles();
  const text = (name: keyof LeaveDraft) => (_: unknown, data: { value: string }) => onChange({ [name]: data.value });
  return (
    <>
      <div className={styles.pair}>
        <Field label={`${T.from}: ${T.date}`} required {...field('from')}>
          <Input type="date" value={value.fromDate} onChange={text('fromDate')} />
        </Field>
        <Field label={`${T.from}: ${T.time}`} required>
          <Input type="time" step={300} value={value.fromTime} onChange={text('fromTime')} />
        </Field>
        <Field label={`${T.to}: ${T.date}`} required {...field('to')}>
          <Input type="date" value={value.toDate} onChange={text('toDate')} />
        </Field>
        <Field label={`${T.to}: ${T.time}`} required>
          <Input type="time" step={300} value={value.toTime} onChange={text('toTime')} />
        </Field>
      </div>
      <Field label={T.leaveReason} required {...field('reason')}>
        <Input value={value.reason} onChange={text('reason')} />
      </Field>
    </>
  );
}
