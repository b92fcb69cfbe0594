/**
 * The owner adds a room or a piece of equipment, or renames one and takes it in or out of use. Checked with the
 * schema the server uses; the server's refusal (a name taken) is shown on its field.
 */
import { Field, Input, Select, Switch } from '@fluentui/react-components';
import { actions, RESOURCE_KINDS, type ActionInput, type Room } from '@klinik/core';
import { FormDialog, queryKey, useForm } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from './texts';

const T = texts.roomDialog;

interface RoomDraft {
  kind: Room['kind'];
  name: string;
  active: boolean;
}

export default function RoomDialog({
  api,
  room,
  notify,
  onClose,
}: {
  api: CalendarApi;
  /** The one to change, or null for a new one. */
  room: Room | null;
  notify: (message: string, intent?: 'success' | 'error') => void;
  onClose: () => void;
}) {
  const form = useForm({
    schema: actions.addRoom.input,
    initial: (): RoomDraft => ({ kind: room?.kind ?? 'room', name: room?.name ?? '', active: room?.active ?? true }),
    send: (input: ActionInput<'addRoom'>) => (room ? api.setRoom({ id: room.id, name: input.name, active: input.active }) : api.addRoom(input)),
    notify,
    invalidates: [queryKey('getRooms')],
    onSuccess: onClose,
  });
  const { values } = form;
  return (
    <FormDialog title={room ? T.editTitle : T.createTitle} submitLabel={room ? T.save : T.create} cancelLabel={T.cancel} form={form} onClose={onClose}>
      {!room && (
        <Field label={T.kind} required {...form.field('kind')}>
          <Select value={values.kind} onChange={(_, data) => form.set('kind', data.value as Room['kind'])}>
            {RESOURCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {texts.rooms.kinds[kind]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={T.name} required {...form.field('name')}>
        <Input value={values.name} maxLength={60} onChange={(_, data) => form.set('name', data.value)} />
      </Field>
      <Field hint={T.activeHint}>
        <Switch label={T.active} checked={values.active} onChange={(_, data) => form.set('active', data.checked)} />
      </Field>
    </FormDialog>
  );
}
