/**
 * The therapist autocomplete (spec 3 §2: placeholder 'Vælg Terapeut for at se Klientdata'): what is typed searches
 * every clinic's therapists (getTherapistsSupport: name, e-mail, clinic; 300 ms after typing stops), each shown with
 * name, clinic and e-mail. Typing again lets go of the chosen therapist, so the name in the box is always the one
 * the upload goes to. A failed search says so with 'Prøv igen'; it is never shown as 'none found'.
 */
import { useState } from 'react';
import { Caption1, Combobox, Field, Option, Text, makeStyles } from '@fluentui/react-components';
import type { ActionOutput } from '@klinik/core';
import { LoadError, SEARCH_DEBOUNCE_MS, useDebounced, useQuery } from '@klinik/ui';
import type { SupportApi } from './api';
import { texts } from './texts';

export type SupportTherapist = ActionOutput<'getTherapistsSupport'>['data'][number];

const useStyles = makeStyles({
  field: { maxWidth: '560px' },
  option: { display: 'grid' },
});

const label = (therapist: SupportTherapist) => `${therapist.name} (${therapist.email})`;

export interface TherapistPickerProps {
  api: SupportApi;
  therapist: SupportTherapist | null;
  onChange: (therapist: SupportTherapist | null) => void;
  disabled: boolean;
}

export default function TherapistPicker({ api, therapist, onChange, disabled }: TherapistPickerProps) {
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const [value, setValue] = useState(() => (therapist ? label(therapist) : ''));
  const [open, setOpen] = useState(false);
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery(['getTherapistsSupport', search], async () => (await api.therapists(search)).data);
  const options = found.data ?? [];
  const searching = found.loading || found.refreshing || search !== typed.trim();

  return (
    <>
      <Field className={styles.field} label={texts.therapist}>
        <Combobox
          freeform
          disabled={disabled}
          placeholder={texts.therapistPlaceholder}
          value={value}
          selectedOptions={therapist ? [therapist.id] : []}
          open={open}
          onOpenChange={(_, data) => setOpen(data.open)}
          onChange={(event) => {
            setTyped(event.target.value);
            setValue(event.target.value);
            setOpen(true);
            if (therapist) onChange(null);
          }}
          onOptionSelect={(_, data) => {
            const chosen = options.find((option) => option.id === data.optionValue) ?? null;
            onChange(chosen);
            if (chosen) setValue(label(chosen));
          }}
        >
          {options.map((option) => (
            <Option key={option.id} value={option.id} text={label(option)}>
              <span className={styles.option}>
                <Text weight="semibold">{option.name}</Text>
                <Caption1>
                  {option.companyName} · {option.email}
                </Caption1>
              </span>
            </Option>
          ))}
          {options.length === 0 && found.error === null && (
            <Option disabled value="" text={searching ? texts.therapistSearching : texts.therapistNone}>
              {searching ? texts.therapistSearching : texts.therapistNone}
            </Option>
          )}
        </Combobox>
      </Field>
      {found.error !== null && <LoadError title={texts.therapistSearchFailed} detail={found.error} retryLabel={texts.retry} onRetry={() => void found.refresh()} />}
    </>
  );
}
