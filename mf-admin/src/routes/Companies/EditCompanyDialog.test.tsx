import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionError } from '@klinik/core/client';
import type { AdminApi, CompanyRow } from '../../api';
import { ModuleProvider } from '../../module';
import EditCompanyDialog from './EditCompanyDialog';

const company: CompanyRow = {
  id: '665f1c2e8b3a4d0012345678',
  companyName: 'Klinik Nord',
  CVR: '12345678',
  address: 'Storegade 1',
  post: '8000',
  town: 'Aarhus',
  email: 'kontakt@klinik-nord.dk',
  phone: '12345678',
  contactPersion: 'Ida Holm',
  users: 2,
  createdAt: 0,
  planType: 'pro',
  status: 'active',
  trial: null,
  isDisabled: false,
  freeTextsPerMonth: 10,
  moms: true,
  newsletter: false,
  reepayId: null,
  smsCapReachedAt: null,
  mailCapReachedAt: null,
};

type SetCompany = AdminApi['setCompany'];

function open(setCompany: SetCompany) {
  const notify = jest.fn();
  const onClose = jest.fn();
  // Only the call the dialog makes.
  const api = { setCompany } as unknown as AdminApi;
  render(
    <ModuleProvider value={{ api, notify }}>
      <EditCompanyDialog company={company} onClose={onClose} />
    </ModuleProvider>,
  );
  return { user: userEvent.setup(), notify, onClose, dialog: () => screen.getByRole('dialog', { name: 'Rediger Klinik Nord', hidden: true }) };
}

/**
 * The question by its title. Found by role, then by the title it is labelled by: jsdom's name computation can miss
 * a title Fluent is still animating in, after an earlier test in the file.
 */
async function question(title: string) {
  return waitFor(() => {
    const found = screen.getAllByRole('alertdialog', { hidden: true }).find((element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent === title);
    if (!found) throw new Error(`No question '${title}'`);
    return found;
  });
}

const field = (label: RegExp) => screen.getByRole('textbox', { name: label, hidden: true });
const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('the administrator edits a company', () => {
  it('refuses a post number that is not a number with the rule\'s text, sends nothing, and clears it on editing', async () => {
    const setCompany = jest.fn<SetCompany>();
    const { user, dialog } = open(setCompany);
    await user.clear(field(/^Postnummer/));
    await user.type(field(/^Postnummer/), 'abc');
    await user.click(within(dialog()).getByRole('button', { name: 'Gem', hidden: true }));
    expect(messageOf(field(/^Postnummer/))).toBe('Postnummer skal være et heltal på højst 8 cifre');
    expect(within(dialog()).getByText('Ret de markerede felter.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
    await user.clear(field(/^Gratis SMS pr. måned/));
    await user.type(field(/^Gratis SMS pr. måned/), '-1');
    await user.clear(field(/^Postnummer/));
    await user.type(field(/^Postnummer/), '8200');
    expect(messageOf(field(/^Postnummer/))).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: 'Gem', hidden: true }));
    expect(messageOf(field(/^Gratis SMS pr. måned/))).toBe('Gratis SMS pr. måned skal være et helt tal mellem 0 og 99999999');
    expect(setCompany).not.toHaveBeenCalled();
  });

  it("asks 'Gem ændringerne?' first, then saves the profile, toasts and closes", async () => {
    const setCompany = jest.fn<SetCompany>().mockResolvedValue({ message: 'ok', data: company });
    const { user, notify, onClose, dialog } = open(setCompany);
    await user.clear(field(/^By/));
    await user.type(field(/^By/), 'Aarhus C');
    await user.click(within(dialog()).getByRole('button', { name: 'Gem', hidden: true }));
    const asked = await question('Gem ændringerne?');
    expect(setCompany).not.toHaveBeenCalled();
    expect(asked.textContent).toContain('gemmes for Klinik Nord');
    await user.click(within(asked).getByRole('button', { name: 'Gem', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(setCompany).toHaveBeenCalledWith(expect.objectContaining({ id: company.id, town: 'Aarhus C', freeTextsPerMonth: '10' }));
    expect(notify).toHaveBeenCalledWith('Virksomhed opdateret med succes.', 'success');
  });

  it("shows the server's refusal at the field its path names (companyInfo.email), the dialog open", async () => {
    const setCompany = jest.fn<SetCompany>().mockRejectedValue(new ActionError('E-mailen bruges af en anden virksomhed', 409, { 'companyInfo.email': 'E-mailen bruges af en anden virksomhed' }));
    const { user, onClose, dialog } = open(setCompany);
    await user.click(within(dialog()).getByRole('button', { name: 'Gem', hidden: true }));
    await user.click(within(await question('Gem ændringerne?')).getByRole('button', { name: 'Gem', hidden: true }));
    await waitFor(() => expect(messageOf(field(/^E-mail/))).toBe('E-mailen bruges af en anden virksomhed'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
