/**
 * 'Tilføj til venteliste': a client (searched as in the booking drawer), one of the therapist's treatments, the
 * weekdays and the hours that suit them. Checked with the schema the server uses; the server's answer is shown if it
 * refuses anyway (the client already on the list for that treatment).
 */
import { Checkbox, Field, Input, Select, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { actions, WAITLIST_WEEKDAY_NAMES, WAITLIST_WEEKDAYS, type ClientSummary } from '@klinik/core';
import { CheckboxGroup, FormDialog, queryKey, useForm, useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { ClientPicker } from '../Calendar/createBooking/ClientPicker';
import { texts } from './texts';

const T = texts.dialog;

interface Draft {
  client: ClientSummary | null;
  treatmentId: string;
  days: number[];
  fromTime: string;
  toTime: string;
}

const useStyles = makeStyles({
  days: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  hours: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: '8px' },
});

export default function WaitlistDialog({ api, notify, onClose }: { api: CalendarApi; notify: (message: string, intent?: 'success' | 'error') => void; onClose: () => void }) {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const treatments = useQuery(queryKey('getAvailableTreatmentsFromTherapist'), async () => (await api.bookableTreatments()).data);
  const form = useForm({
    schema: actions.addWaitlistEntry.input,
    initial: (): Draft => ({ client: null, treatmentId: '', days: [1, 2, 3, 4, 5], fromTime: '08:00', toTime: '16:00' }),
    toInput: ({ client, treatmentId, days, fromTime, toTime }) => ({ ...(client ? { clientId: client.id } : {}), ...(treatmentId ? { treatmentId } : {}), days, fromTime, toTime }),
    send: (input) => api.addWaitlistEntry(input),
    notify,
    invalidates: [queryKey('getWaitlist')],
    onSuccess: onClose,
  });
  const { values } = form;
  const toggleDay = (day: number, on: boolean) => form.set('days', on ? [...values.days, day].sort((a, b) => a - b) : values.days.filter((value) => value !== day));

  return (
    <FormDialog title={T.title} submitLabel={T.submit} cancelLabel={T.cancel} form={form} onClose={onClose}>
      <ClientPicker api={api} search={search} onSearch={setSearch} chosen={values.client} onChoose={(client) => form.set('client', client)} field={form.field('clientId')} />
      <Field label={T.chooseTreatment} required {...form.field('treatmentId')} validationMessage={form.field('treatmentId').validationMessage ?? treatments.error ?? undefined}>
        <Select value={values.treatmentId} onChange={(_, data) => form.set('treatmentId', data.value)}>
          <option value="">{T.chooseTreatment}</option>
          {(treatments.data ?? []).map((treatment) => (
            <option key={treatment.id} value={treatment.id}>
              {treatment.name}
            </option>
          ))}
        </Select>
      </Field>
      <CheckboxGroup label={T.days} required validationMessage={form.field('days').validationMessage} className={styles.days}>
        {WAITLIST_WEEKDAYS.map((day) => (
          <Checkbox key={day} label={WAITLIST_WEEKDAY_NAMES[day]} checked={values.days.includes(day)} onChange={(_, data) => toggleDay(day, data.checked === true)} />
        ))}
      </CheckboxGroup>
      <div className={styles.hours}>
        <Field label={T.fromTime} required {...form.field('fromTime')}>
          <Input type="time" value={values.fromTime} onChange={(_, data) => form.set('fromTime', data.value)} />
        </Field>
        <Field label={T.toTime} required {...form.field('toTime')}>
          <Input type="time" value={values.toTime} onChange={(_, data) => form.set('toTime', data.value)} />
        </Field>
      </div>
    </FormDialog>
  );
}
