/**
 * The owner chooses what a treatment needs: one of the chosen rooms (the first free one is booked) and every piece
 * of the chosen equipment. Rooms out of use stay choosable, marked, so a choice is not lost while one is repaired.
 */
import { Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { actions, type ActionInput, type Room, type TreatmentRooms } from '@klinik/core';
import { FormDialog, queryKey, useForm } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from './texts';

const T = texts.treatmentRoomsDialog;

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', border: 'none', padding: 0, margin: '0 0 12px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

interface NeedsDraft {
  roomIds: string[];
  equipmentIds: string[];
}

function toggled(list: string[], id: string, on: boolean): string[] {
  return on ? [...list.filter((other) => other !== id), id] : list.filter((other) => other !== id);
}

export default function TreatmentRoomsDialog({
  api,
  treatment,
  rooms,
  needs,
  notify,
  onClose,
}: {
  api: CalendarApi;
  treatment: { id: string; name: string };
  rooms: Room[];
  /** What it needs now (none when it needs nothing). */
  needs: TreatmentRooms | undefined;
  notify: (message: string, intent?: 'success' | 'error') => void;
  onClose: () => void;
}) {
  const form = useForm({
    schema: actions.setTreatmentRooms.input,
    initial: (): NeedsDraft => ({ roomIds: needs?.roomIds ?? [], equipmentIds: needs?.equipmentIds ?? [] }),
    toInput: (values) => ({ treatmentId: treatment.id, ...values }),
    send: (input: ActionInput<'setTreatmentRooms'>) => api.setTreatmentRooms(input),
    notify,
    invalidates: [queryKey('getRooms')],
    onSuccess: onClose,
  });
  const { values } = form;
  const styles = useStyles();
  const group = (kind: Room['kind'], field: keyof NeedsDraft, label: string) => {
    const options = rooms.filter((room) => room.kind === kind);
    return (
      // A fieldset, not a Field: a Field would name every box inside it with its own label.
      <fieldset className={styles.group}>
        <legend>{label}</legend>
        {options.length === 0 && <span>{T.none}</span>}
        {options.map((room) => (
          <Checkbox
            key={room.id}
            label={room.active ? room.name : `${room.name} ${T.notInUse}`}
            checked={values[field].includes(room.id)}
            onChange={(_, data) => form.set(field, toggled(values[field], room.id, data.checked === true))}
          />
        ))}
        {form.field(field).validationMessage && (
          <Text role="alert" className={styles.error}>
            {form.field(field).validationMessage}
          </Text>
        )}
      </fieldset>
    );
  };
  return (
    <FormDialog title={texts.rooms.needsOf(treatment.name)} submitLabel={T.save} cancelLabel={T.cancel} form={form} onClose={onClose}>
      {group('room', 'roomIds', T.rooms)}
      {group('equipment', 'equipmentIds', T.equipment)}
    </FormDialog>
  );
}
