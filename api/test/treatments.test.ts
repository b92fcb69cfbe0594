/** The treatments catalogue through the real endpoint (spec 3, Treatments). */
import { clinicWithTrial, colleagueOf } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const treatment = (name: string, overrides: Record<string, unknown> = {}) => ({ name, price: 450, duration: 45 * 60, pause: 5 * 60, ...overrides });

it('adds a treatment with price in DKK (also as "450,50"), duration and pause in seconds', async () => {
  const owner = await clinicWithTrial(t);
  const added = await t.call('addTreatment', treatment('Massage', { price: '450,50' }), owner.token);
  expect(added.status).toBe(200);
  expect(added.body.message).toBe('Behandling tilføjet med succes!');
  expect(added.body.data).toMatchObject({ name: 'Massage', price: 450.5, duration: 2700, pause: 300, therapistId: owner.therapistId, isEdit: true, nameFirst: 'Mette' });
  const stored = await t.models.Treatment.findById(added.body.data.id).lean();
  expect(stored?.priceOre).toBe(45050);
});

it.each([
  ['an empty name', { name: '  ' }, 'name', 'Patientnavn er påkrævet'],
  ['a price that is not a number', { price: 'gratis' }, 'price', 'Prisen skal være et tal'],
  ['an empty price (required: not 0 kr.)', { price: '' }, 'price', 'Prisen skal være et tal'],
  ['a price of only spaces', { price: '   ' }, 'price', 'Prisen skal være et tal'],
  ['a negative price', { price: -1 }, 'price', 'Prisen skal være et tal'],
  ['a price with three decimals', { price: 10.005 }, 'price', 'Prisen skal være et tal'],
  ['a missing duration', { duration: undefined }, 'duration', 'Varighed er påkrævet'],
  ['a duration off the 5-minute grid', { duration: 42 * 60 }, 'duration', 'Varigheden skal være hele 5 minutter (mindst 5 minutter, højst 12 timer)'],
  ['a missing pause', { pause: undefined }, 'pause', 'Pause er påkrævet'],
  ['a pause in seconds', { pause: 90 }, 'pause', 'Pausen skal være hele minutter mellem 0 og 120'],
])('refuses %s', async (_case, change, field, message) => {
  const owner = await clinicWithTrial(t);
  const answer = await t.post({ action: 'addTreatment', token: owner.token, ...treatment('X'), ...change });
  expect(answer.status).toBe(400);
  expect(answer.body.errors?.[field]).toBe(message);
  expect(await t.models.Treatment.countDocuments({ companyId: owner.companyId })).toBe(0);
});

it('lists the clinic grouped per therapist, paginated, with isEdit and search rules per role', async () => {
  const owner = await clinicWithTrial(t);
  const colleague = await colleagueOf(t, owner);
  for (const name of ['Akupunktur', 'Massage', 'Zoneterapi']) await t.call('addTreatment', treatment(name), owner.token);
  for (const name of ['Fysioterapi', 'Genoptræning']) await t.call('addTreatment', treatment(name), colleague.token);

  const page1 = await t.call('getAllTreatment', { page: 1, size: 5 }, colleague.token);
  expect(page1.body.total).toBe(5);
  // Jonas Bæk's before Mette Ørsted's, each by name.
  expect(page1.body.data.map((row) => row.name)).toEqual(['Fysioterapi', 'Genoptræning', 'Akupunktur', 'Massage', 'Zoneterapi']);
  expect(page1.body.data.map((row) => row.isEdit)).toEqual([true, true, false, false, false]);
  const page2 = await t.call('getAllTreatment', { page: 2, size: 5 }, colleague.token);
  expect(page2.body.data).toEqual([]);
  expect((await t.call('getAllTreatment', { page: 1, size: 10 }, owner.token)).body.data.every((row) => row.isEdit)).toBe(true);

  // The owner searches by therapist name too; others by treatment name only.
  expect((await t.call('getAllTreatment', { search: 'jonas' }, owner.token)).body.total).toBe(2);
  expect((await t.call('getAllTreatment', { search: 'jonas' }, colleague.token)).body.total).toBe(0);
  expect((await t.call('getAllTreatment', { search: 'MASS' }, colleague.token)).body.data.map((row) => row.name)).toEqual(['Massage']);
  expect((await t.call('getAllTreatment', { size: 7 as 5 }, owner.token)).status).toBe(400);
});

it('lets a therapist change only their own treatments and the owner any; another clinic sees nothing', async () => {
  const owner = await clinicWithTrial(t);
  const colleague = await colleagueOf(t, owner);
  const stranger = await clinicWithTrial(t);
  const ownersId = (await t.call('addTreatment', treatment('Ejerens'), owner.token)).body.data.id;
  const colleaguesId = (await t.call('addTreatment', treatment('Kollegaens'), colleague.token)).body.data.id;

  expect((await t.call('setTreatment', { id: ownersId, ...treatment('Overtaget') }, colleague.token)).status).toBe(403);
  expect((await t.call('deleteTreatment', { id: ownersId }, colleague.token)).status).toBe(403);
  const ownerEdits = await t.call('setTreatment', { id: colleaguesId, ...treatment('Rettet af ejer', { price: 500 }) }, owner.token);
  expect(ownerEdits.status).toBe(200);
  expect(ownerEdits.body.message).toBe('Behandlingen blev opdateret med succes!');
  expect(ownerEdits.body.data).toMatchObject({ name: 'Rettet af ejer', price: 500, therapistId: colleague.therapistId });

  for (const call of [
    t.call('getTreatment', { id: ownersId }, stranger.token),
    t.call('setTreatment', { id: ownersId, ...treatment('Stjålet') }, stranger.token),
    t.call('deleteTreatment', { id: ownersId }, stranger.token),
    t.call('getTreatmentsFromTherapist', { therapistId: owner.therapistId }, stranger.token),
    t.call('addTreatment', { ...treatment('Plantet'), therapistId: owner.therapistId }, stranger.token),
  ]) {
    expect([403, 404]).toContain((await call).status);
  }
  expect((await t.models.Treatment.findById(ownersId).lean())?.name).toBe('Ejerens');
  expect(await t.models.Treatment.countDocuments({ companyId: owner.companyId })).toBe(2);

  expect((await t.call('deleteTreatment', { id: ownersId }, owner.token)).status).toBe(200);
  expect((await t.call('getTreatment', { id: ownersId }, owner.token)).status).toBe(404);
});

it("gives a therapist's list for the booking drawer, the caller's own by default", async () => {
  const owner = await clinicWithTrial(t);
  const colleague = await colleagueOf(t, owner);
  await t.call('addTreatment', treatment('B'), colleague.token);
  await t.call('addTreatment', treatment('A'), colleague.token);
  await t.call('addTreatment', treatment('Ejerens'), owner.token);
  const own = await t.call('getTreatmentsFromTherapist', {}, colleague.token);
  expect(own.body.data.map((row) => row.name)).toEqual(['A', 'B']);
  const available = await t.call('getAvailableTreatmentsFromTherapist', { therapistId: owner.therapistId }, colleague.token);
  expect(available.body.data.map((row) => row.name)).toEqual(['Ejerens']);
});

it('needs an allowing plan to change the catalogue', async () => {
  const owner = await clinicWithTrial(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { status: 'expired' });
  const answer = await t.call('addTreatment', treatment('Efter udløb'), owner.token);
  expect(answer.status).toBe(403);
  expect(answer.body.message).toBe('Kan kun bruges med pro abonnement');
});

it('keeps what a clinic makes itself bounded: the last treatment under the cap is added, the next is refused', async () => {
  const { CAPS } = await import('@klinik/core');
  const owner = await clinicWithTrial(t);
  const others = Array.from({ length: CAPS.treatmentsPerTherapist - 1 }, (_, i) => ({ companyId: owner.companyId, therapistId: owner.therapistId, name: `Behandling ${i}`, duration: 1800, pause: 0, priceOre: 10000 }));
  await t.models.Treatment.insertMany(others);
  expect((await t.call('addTreatment', treatment('Den sidste'), owner.token)).status).toBe(200);
  const refused = await t.call('addTreatment', treatment('En for meget'), owner.token);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(`Der kan højst være ${CAPS.treatmentsPerTherapist} behandlinger. Slet nogle, før du opretter flere.`);
  expect(await t.models.Treatment.countDocuments({ therapistId: owner.therapistId })).toBe(CAPS.treatmentsPerTherapist);
  // Another therapist's catalogue is counted apart.
  const colleague = await colleagueOf(t, owner);
  expect((await t.call('addTreatment', treatment('Kollegaens'), colleague.token)).status).toBe(200);
});
