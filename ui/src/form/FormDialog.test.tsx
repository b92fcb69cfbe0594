import { jest } from '@jest/globals';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, Input } from '@fluentui/react-components';
import { dialogTitled } from '../testing';
import { FormDialog, type FormDialogProps } from './FormDialog';

function Opener(props: Partial<FormDialogProps> & { onSubmit: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Åbn
      </button>
      {open && (
        <FormDialog title="Ny behandling" submitLabel="Opret" onClose={() => setOpen(false)} {...props}>
          <Field label="Navn">
            <Input />
          </Field>
        </FormDialog>
      )}
    </>
  );
}

async function openDialog(props: Partial<FormDialogProps> & { onSubmit: () => unknown }) {
  const user = userEvent.setup();
  render(<Opener {...props} />);
  await user.click(screen.getByRole('button', { name: 'Åbn' }));
  return { user, dialog: await dialogTitled('dialog', 'Ny behandling') };
}

describe('FormDialog', () => {
  it('takes the focus, submits with Enter in a field, and closes with Annuller or Escape', async () => {
    const onSubmit = jest.fn();
    const { user, dialog } = await openDialog({ onSubmit });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Navn' }), 'Massage{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Annuller' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Giving the focus back is Fluent's (tabster's) and needs a browser's focus events: the journeys see it. jsdom
    // also keeps tabster's aria-hidden on the page after the dialog left.
    await user.click(screen.getByRole('button', { name: 'Åbn', hidden: true }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('while busy: both buttons disabled, no second submit, and Escape does not close it', async () => {
    const onSubmit = jest.fn();
    const { user } = await openDialog({ onSubmit, busy: true });
    expect(screen.getByRole('button', { name: 'Opret' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Annuller' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Navn' }), '{Enter}');
    await user.keyboard('{Escape}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await dialogTitled('dialog', 'Ny behandling')).toBeTruthy();
  });

  it("shows the refusal above the buttons as an alert", async () => {
    await openDialog({ onSubmit: jest.fn(), error: 'Navnet findes allerede' });
    expect(screen.getByRole('alert').textContent).toBe('Navnet findes allerede');
  });

  it('asks before a destructive change: Annuller in the question sends nothing, confirming sends once', async () => {
    const onSubmit = jest.fn();
    const { user } = await openDialog({ onSubmit, submitLabel: 'Slet', confirm: { body: 'Behandlingen slettes.' } });
    await user.click(screen.getByRole('button', { name: 'Slet' }));
    // `hidden`: after an earlier test in this file, jsdom keeps tabster's aria-hidden on new portals (see above).
    const question = await dialogTitled('alertdialog', 'Er du sikker?');
    expect(question.textContent).toContain('Behandlingen slettes.');
    await user.click(within(question).getByRole('button', { name: 'Annuller', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Slet', hidden: true }));
    const again = await dialogTitled('alertdialog', 'Er du sikker?');
    await user.click(within(again).getByRole('button', { name: 'Slet', hidden: true }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('with submitOnEnter false (a search of its own inside), Enter in a field sends nothing; the button does', async () => {
    const onSubmit = jest.fn();
    const { user } = await openDialog({ onSubmit, submitOnEnter: false });
    await user.type(screen.getByRole('textbox', { name: 'Navn', hidden: true }), 'Massage{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Opret', hidden: true }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
