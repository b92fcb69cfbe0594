/** The 'Personlige oplysninger' tab: the client's details, each with its own error under it. */
import type { ReactNode } from 'react';
import { Button, Field, Input, makeStyles, tokens, type InputProps } from '@fluentui/react-components';
import type { PersonalErrors, PersonalField, PersonalFields } from './personal';
import { texts } from './texts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: '12px 16px',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    alignItems: 'start',
    border: 'none',
    margin: 0,
    padding: 0,
  },
  wide: { gridColumn: '1 / -1' },
  code: { display: 'flex', gap: '8px', alignItems: 'flex-start', flexWrap: 'wrap' },
  codeInput: { flexGrow: 1, minWidth: '120px' },
  legend: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  hint: { color: tokens.colorNeutralForeground3 },
});

const onlyDigits = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

export function PersonalTab({
  fields,
  errors,
  disabled,
  generating,
  onChange,
  onBlur,
  onGenerate,
}: {
  fields: PersonalFields;
  errors: PersonalErrors;
  disabled: boolean;
  generating: boolean;
  onChange: (field: PersonalField, value: string) => void;
  onBlur: (field: PersonalField) => void;
  onGenerate: () => void;
}) {
  const styles = useStyles();

  const field = (
    name: PersonalField,
    label: string,
    props: Partial<InputProps> & { normalize?: (value: string) => string; className?: string; after?: ReactNode } = {},
  ) => {
    const { normalize = (value: string) => value, className, after, ...inputProps } = props;
    const input = (
      <Input
        name={name}
        value={fields[name]}
        disabled={disabled}
        onChange={(_, data) => onChange(name, normalize(data.value))}
        onBlur={() => onBlur(name)}
        className={after ? styles.codeInput : undefined}
        {...inputProps}
      />
    );
    return (
      <Field
        key={name}
        label={label}
        required
        className={className}
        validationState={errors[name] ? 'error' : 'none'}
        validationMessage={errors[name]}
      >
        {after ? (
          <div className={styles.code}>
            {input}
            {after}
          </div>
        ) : (
          input
        )}
      </Field>
    );
  };

  return (
    <fieldset className={styles.grid}>
      <legend className={styles.legend}>{texts.personalLabel}</legend>
      {field('nameFirst', texts.nameFirst, { autoComplete: 'off' })}
      {field('nameLast', texts.nameLast, { autoComplete: 'off' })}
      {field('CPR6Digit', texts.CPR6Digit, { inputMode: 'numeric', maxLength: 6, autoComplete: 'off', normalize: onlyDigits(6), placeholder: 'ddmmåå' })}
      {field('CPRLast4Digit', texts.CPRLast4Digit, {
        inputMode: 'numeric',
        maxLength: 4,
        autoComplete: 'off',
        normalize: onlyDigits(4),
        after: (
          <Button onClick={onGenerate} disabled={disabled || generating} title={texts.generateCodeHint}>
            {texts.generateCode}
          </Button>
        ),
      })}
      {field('address', texts.address, { className: styles.wide, autoComplete: 'off' })}
      {field('post', texts.post, { inputMode: 'numeric', maxLength: 8, autoComplete: 'off', normalize: onlyDigits(8) })}
      {field('town', texts.town, { autoComplete: 'off' })}
      {field('email', texts.email, { type: 'email', autoComplete: 'off' })}
      {field('phonePrivate', texts.phonePrivate, { type: 'tel', inputMode: 'tel', autoComplete: 'off' })}
    </fieldset>
  );
}
