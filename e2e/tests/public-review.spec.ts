/**
 * Review of what the public pages handed in: three intake forms sent without the clinic's link, one with
 * the CPR number of a client the clinic has (under another name), one from a new person, one from that client with a
 * mistyped CPR number. None touches a record; under /NewClientForm's 'Henvendelser' the owner rejects the first after
 * 'Er du sikker?', accepts the second as a new client and the third onto the client found by a search.
 */
import { expect, test } from '../support/test';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

test('the owner rejects a pending intake form, accepts one as a new client and one onto a client found by search', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('henvendelser');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const therapistId = (await api<{ data: { id: string } }>('getTherapist', { token })).body.data.id;
  const question = (await api<{ data: { id: string } }>('addClientFormField', { token, fieldName: 'Ryger du?', fieldType: 'text' })).body.data.id;
  const known = { nameFirst: 'Karen', nameLast: 'Bech', CPR6Digit: '010170', CPRLast4Digit: '4321', email: uniqueEmail('karen'), phonePrivate: '20304050', address: 'Åvej 1', post: '8000', town: 'Aarhus C' };
  expect((await api('addClient', { token, client: known, ids: [] })).status).toBe(200);
  const submit = (client: typeof known, value: string) => api('clientSubmitClientForm', { therapistID: therapistId, client, answers: [{ questionId: question, value }] });
  expect((await submit({ ...known, nameFirst: 'Fremmed', email: uniqueEmail('fremmed') }, 'Ja')).status).toBe(200);
  expect((await submit({ ...known, nameFirst: 'Asta', nameLast: 'Ny', CPRLast4Digit: '1111', email: uniqueEmail('asta') }, 'Nej, aldrig')).status).toBe(200);
  expect((await submit({ ...known, CPRLast4Digit: '4322' }, 'Kun til fest')).status).toBe(200);

  await page.setViewportSize({ width: 1300, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/NewClientForm');
  await page.getByRole('tab', { name: 'Henvendelser' }).click();
  const stranger = page.getByRole('listitem', { name: 'Klientformular: Fremmed Bech' });
  const asta = page.getByRole('listitem', { name: 'Klientformular: Asta Ny' });
  await expect(stranger.getByText('Klinikken har en klient med dette CPR-nummer.')).toBeVisible();
  await expect(asta.getByText('Ryger du?: Nej, aldrig')).toBeVisible();

  await stranger.getByRole('button', { name: 'Afvis' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await confirm.getByRole('button', { name: 'Afvis' }).click();
  await expect(confirm).toBeHidden();
  await expect(stranger).toHaveCount(0);

  await asta.getByRole('button', { name: 'Godkend som ny klient' }).click();
  await expectToast(page, 'Henvendelsen er godkendt');
  await expect(asta).toHaveCount(0);

  // The mistyped CPR number matches nobody: the owner finds Karen by name.
  const mistyped = page.getByRole('listitem', { name: 'Klientformular: Karen Bech' });
  await mistyped.getByRole('button', { name: 'Knyt til en anden klient' }).click();
  await mistyped.getByRole('textbox', { name: 'Søg klient' }).fill('Bech');
  await mistyped.getByRole('button', { name: 'Godkend på Karen Bech' }).click();
  await expect(page.getByText('Der er ingen henvendelser at se på.')).toBeVisible();

  // Asta is a client with her answer; Karen has only the answer accepted onto her record.
  const clients = (await api<{ data: { id: string; nameFirst: string }[] }>('getAllClient', { token, size: 15 })).body.data;
  expect(clients.map((client) => client.nameFirst).sort()).toEqual(['Asta', 'Karen']);
  const record = await api<{ data: { intakeAnswers: { value: string }[] } }>('getClient', { token, id: clients.find((client) => client.nameFirst === 'Asta')!.id });
  expect(record.body.data.intakeAnswers.map((answer) => answer.value)).toEqual(['Nej, aldrig']);
  const karen = await api<{ data: { intakeAnswers: { value: string }[] } }>('getClient', { token, id: clients.find((client) => client.nameFirst === 'Karen')!.id });
  expect(karen.body.data.intakeAnswers).toEqual([expect.objectContaining({ value: 'Kun til fest' })]);
});
