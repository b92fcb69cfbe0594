/** The identity of a new client (spec 2, New booking); refused with a warning while the therapist takes no new clients. */
import { Field, Input, MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components';
import { schedulingMessages } from '@klinik/core/messages';
import { texts } from '../../../texts';
import type { FieldPropsOf } from './fieldProps';
import type { NewClientDraft } from './form';

const T = texts.create;

const useStyles = makeStyles({
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '8px' },
});

export function NewClientFields({
  value,
  onChange,
  field,
  takesNewClients,
}: {
  value: NewClientDraft;
  onChange: (change: Partial<NewClientDraft>) => void;
  field: FieldPropsOf;
  takesNewClients: boolean;
}) {
  const styles = useStyles();
  const text = (name: keyof NewClientDraft) => (_: unknown, data: { value: string }) => onChange({ [name]: data.value });
  return (
    <>
      {!takesNewClients && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{schedulingMessages.onlyExistingClients}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.pair}>
        <Field label={T.nameFirst} required {...field('client.nameFirst')}>
          <Input value={value.nameFirst} onChange={text('nameFirst')} autoComplete="off" />
        </Field>
        <Field label={T.nameLast} required {...field('client.nameLast')}>
          <Input value={value.nameLast} onChange={text('nameLast')} autoComplete="off" />
        </Field>
        <Field label={T.birthDate} required {...field('client.CPR6Digit')}>
          <Input value={value.CPR6Digit} inputMode="numeric" maxLength={6} onChange={(_, data) => onChange({ CPR6Digit: data.value.replace(/\D/g, '') })} />
        </Field>
        <Field label={T.cprLast4} required {...field('client.CPRLast4Digit')}>
          <Input value={value.CPRLast4Digit} inputMode="numeric" maxLength={4} onChange={(_, data) => onChange({ CPRLast4Digit: data.value.replace(/\s/g, '') })} />
        </Field>
      </div>
      <Field label={T.email} required {...field('client.email')}>
        <Input type="email" value={value.email} onChange={text('email')} />
      </Field>
      <Field label={T.phone} required {...field('client.phonePrivate')}>
        <Input type="tel" value={value.phonePrivate} onChange={text('phonePrivate')} />
      </Field>
    </>
  );
}
