/**
 * 'Skriv mig på ventelisten' for the signed-in client: a treatment of the booking page's therapist, the weekdays and
 * the hours that suit. Nothing about the person is typed: the link proved who they are. Checked with the schema the
 * server uses; the server's refusal (already on the list for that treatment) is shown in the dialog.
 */
import { Checkbox, Field, Input, Select, Text } from '@fluentui/react-components';
import { actions, WAITLIST_WEEKDAY_NAMES, WAITLIST_WEEKDAYS } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import { CheckboxGroup, FormDialog, useForm, useQuery } from '@klinik/ui';
import type { PortalApi } from './api';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

interface Draft {
  treatmentId: string;
  days: number[];
  fromTime: string;
  toTime: string;
}

export function WaitlistDialog({
  client,
  therapistId,
  portalToken,
  api,
  onClose,
  onJoined,
}: {
  client: ActionClient;
  therapistId: string;
  portalToken: string;
  api: PortalApi;
  onClose: () => void;
  onJoined: (message: string) => void;
}) {
  const styles = usePortalStyles();
  const treatments = useQuery(['clientGetTreatmentsFromTherapist', therapistId], () => client.call('clientGetTreatmentsFromTherapist', { therapistId }));
  const form = useForm({
    schema: actions.clientPortalJoinWaitlist.input,
    initial: (): Draft => ({ treatmentId: '', days: [1, 2, 3, 4, 5], fromTime: '08:00', toTime: '16:00' }),
    toInput: ({ treatmentId, days, fromTime, toTime }) => ({ portalToken, ...(treatmentId ? { treatmentId } : {}), days, fromTime, toTime }),
    send: ({ treatmentId, days, fromTime, toTime }) => api.joinWaitlist({ treatmentId, days, fromTime, toTime }),
    onSuccess: (answer) => {
      onJoined(answer.message);
      onClose();
    },
  });
  const { values } = form;
  const toggleDay = (day: number, on: boolean) => form.set('days', on ? [...values.days, day].sort((a, b) => a - b) : values.days.filter((value) => value !== day));
  const treatmentField = form.field('treatmentId');
  const daysError = form.field('days').validationMessage;

  return (
    <FormDialog title={T.waitlistTitle} submitLabel={T.waitlistSubmit} cancelLabel={T.close} form={form} onClose={onClose}>
      <Text>{T.waitlistIntro}</Text>
      <Field label={T.chooseTreatment} required {...treatmentField} validationMessage={treatmentField.validationMessage ?? treatments.error ?? undefined}>
        <Select value={values.treatmentId} onChange={(_, data) => form.set('treatmentId', data.value)}>
          <option value="">{treatments.data === undefined ? T.loadingTreatments : T.chooseTreatment}</option>
          {(treatments.data?.data ?? []).map((treatment) => (
            <option key={treatment.id} value={treatment.id}>
              {treatment.name}
            </option>
          ))}
        </Select>
      </Field>
      <CheckboxGroup label={T.waitlistDays} required validationMessage={daysError} className={styles.times}>
        {WAITLIST_WEEKDAYS.map((day) => (
          <Checkbox key={day} label={WAITLIST_WEEKDAY_NAMES[day]} checked={values.days.includes(day)} onChange={(_, data) => toggleDay(day, data.checked === true)} />
        ))}
      </CheckboxGroup>
      <div className={styles.row}>
        <Field label={T.waitlistFrom} required {...form.field('fromTime')}>
          <Input type="time" value={values.fromTime} onChange={(_, data) => form.set('fromTime', data.value)} />
        </Field>
        <Field label={T.waitlistTo} required {...form.field('toTime')}>
          <Input type="time" value={values.toTime} onChange={(_, data) => form.set('toTime', data.value)} />
        </Field>
      </div>
    </FormDialog>
  );
}

export default WaitlistDialog;
