import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, Input } from '@fluentui/react-components';
import { z } from 'zod';
import { actions, type ActionInput } from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import { FormDialog } from './FormDialog';
import { useForm, type FormOptions } from './useForm';

type Treatment = ActionInput<'addTreatment'>;
type Send = (input: Treatment) => Promise<{ message: string }>;

/** A treatment form as a page writes it: the action's own schema, the fields, the dialog. */
function TreatmentForm({ send, onSuccess, refusalAt }: { send: Send; onSuccess?: () => void; refusalAt?: FormOptions<object, z.ZodType, unknown>['refusalAt'] }) {
  const form = useForm({
    schema: actions.addTreatment.input,
    initial: { name: '', price: '' },
    toInput: (values): Treatment => ({ ...values, duration: 3600, pause: 0 }),
    send,
    onSuccess,
    refusalAt,
  });
  return (
    <FormDialog title="Ny behandling" submitLabel="Opret" form={form} onClose={() => undefined}>
      <Field label="Navn" {...form.field('name')}>
        <Input value={form.values.name} onChange={(_, data) => form.set('name', data.value)} />
      </Field>
      <Field label="Pris" {...form.field('price')}>
        <Input value={form.values.price} onChange={(_, data) => form.set('price', data.value)} />
      </Field>
    </FormDialog>
  );
}

const nameField = () => screen.getByRole('textbox', { name: 'Navn' });
/** The message Fluent shows under a field (its validation message, tied to the input by aria-describedby). */
function messageOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The message bar above the buttons (a field's message is an alert too, but not a MessageBar). */
const messageBar = () => screen.queryAllByRole('alert').find((element) => element.classList.contains('fui-MessageBar'))?.textContent ?? null;

describe('useForm', () => {
  it("checks with the action's schema on submit: the Danish message at its field, nothing sent; editing clears it", async () => {
    const user = userEvent.setup();
    const send = jest.fn<Send>();
    render(<TreatmentForm send={send} />);
    await user.click(await screen.findByRole('button', { name: 'Opret' }));
    // The spec's text for a missing treatment name, as core's schema (and so the server) says it.
    expect(messageOf(nameField())).toBe('Patientnavn er påkrævet');
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
    await user.type(nameField(), 'M');
    expect(messageOf(nameField())).toBeNull();
  });

  it('sends the checked input and reports success', async () => {
    const user = userEvent.setup();
    const send = jest.fn<Send>().mockResolvedValue({ message: 'Behandlingen er oprettet' });
    const onSuccess = jest.fn();
    render(<TreatmentForm send={send} onSuccess={onSuccess} />);
    await user.type(nameField(), 'Massage');
    await user.type(screen.getByRole('textbox', { name: 'Pris' }), '450');
    await user.click(screen.getByRole('button', { name: 'Opret' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({ name: 'Massage', price: '450', duration: 3600, pause: 0 });
  });

  it("shows a 4xx that names a field at that field, and one that names none in the message bar", async () => {
    const user = userEvent.setup();
    const send = jest
      .fn<Send>()
      .mockRejectedValueOnce(new ActionError('Navnet er allerede brugt', 400, { name: 'Navnet er allerede brugt' }))
      .mockRejectedValueOnce(new ActionError('Behandlingen kunne ikke gemmes', 409));
    render(<TreatmentForm send={send} />);
    await user.type(nameField(), 'Massage');
    await user.type(screen.getByRole('textbox', { name: 'Pris' }), '450');
    await user.click(screen.getByRole('button', { name: 'Opret' }));
    await waitFor(() => expect(messageOf(nameField())).toBe('Navnet er allerede brugt'));
    expect(messageBar()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Opret' }));
    await waitFor(() => expect(messageBar()).toBe('Behandlingen kunne ikke gemmes'));
    expect(messageOf(nameField())).toBeNull();
  });

  it("with refusalAt 'bar', says a refusal once: in the message bar, not again at its field", async () => {
    const user = userEvent.setup();
    const send = jest.fn<Send>().mockRejectedValue(new ActionError('Navnet er allerede brugt', 400, { name: 'Navnet er allerede brugt' }));
    render(<TreatmentForm send={send} refusalAt="bar" />);
    await user.type(nameField(), 'Massage');
    await user.type(screen.getByRole('textbox', { name: 'Pris' }), '450');
    await user.click(screen.getByRole('button', { name: 'Opret' }));
    await waitFor(() => expect(messageBar()).toBe('Navnet er allerede brugt'));
    expect(messageOf(nameField())).toBeNull();
  });
});

describe("useForm's `at`", () => {
  function CompanyForm({ send }: { send: (input: { companyInfo: { email: string } }) => Promise<unknown> }) {
    const form = useForm({
      schema: z.strictObject({ companyInfo: z.strictObject({ email: z.string() }) }),
      initial: { email: 'a@b.dk' },
      toInput: (values) => ({ companyInfo: values }),
      at: 'companyInfo',
      send,
    });
    return (
      <FormDialog title="Rediger" form={form} onClose={() => undefined}>
        <Field label="E-mail" {...form.field('email')}>
          <Input value={form.values.email} onChange={(_, data) => form.set('email', data.value)} />
        </Field>
      </FormDialog>
    );
  }

  it('shows an error at companyInfo.email at the field email', async () => {
    const user = userEvent.setup();
    render(<CompanyForm send={() => Promise.reject(new ActionError('Ugyldig e-mail', 400, { 'companyInfo.email': 'Ugyldig e-mail' }))} />);
    await user.click(await screen.findByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(messageOf(screen.getByRole('textbox', { name: 'E-mail' }))).toBe('Ugyldig e-mail'));
    expect(messageBar()).toBeNull();
  });
});
