/**
 * Client records, journals, the Stamjournal, comments and the intake form through the real endpoint:
 * every rule enforced by the server with the browser bypassed, the 24-hour windows on the API's own clock,
 * version checks under concurrency, the history, and tenancy.
 */
import { DAY_MS } from '@klinik/core';
import { cprHash } from '../src/security/encryption.js';
import { clinicWithTrial, colleagueOf, newClient, registerAndLogin, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
/** A booking start on the hour, `days` ahead of the API's clock. */
const hourAhead = (days: number) => Math.ceil((t.clock.now() + days * DAY_MS) / HOUR) * HOUR;

async function clientWithBooking(owner: SignedInOwner, from = hourAhead(1), cprLast4 = '1234') {
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient(cprLast4) }, owner.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  return { clientId: booked.body.data.clientId, booking: booked.body.data };
}

describe('Stamdata', () => {
  it('saves field by field with the spec rules, keeps tags unique, and records who changed what', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId } = await clientWithBooking(owner);
    const saved = await t.call('setClient', { id: clientId, changes: { address: 'Algade 3', post: '4000', town: 'Roskilde', tags: ['Ryg', 'ryg ', 'Nakke', ''] } }, owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ address: 'Algade 3', post: '4000', town: 'Roskilde', tags: ['Ryg', 'Nakke'], updatedBy: 'Mette Ørsted' });

    const refusals: [Record<string, unknown>, string][] = [
      [{ nameFirst: '  ' }, 'Fornavn er påkrævet'],
      [{ address: '' }, 'Adresse er påkrævet'],
      [{ CPR6Digit: '12345' }, 'Fødselsdag skal være 6 cifre.'],
      [{ CPR6Digit: '310290' }, 'Fødselsdag skal være 6 cifre.'],
      [{ CPRLast4Digit: '12a4' }, 'De sidste 4 cifre i dit CPR nr skal bestå af 4 tegn.'],
      [{ children: '2b' }, 'Antal børn må kun indeholde tal'],
      [{ post: '40x0' }, 'Postnummer må kun indeholde tal'],
      [{ phoneWork: '1234' }, 'Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +'],
      [{ civilStatus: 'Gift?' }, 'Vælg civilstand'],
      [{ sex: 3 }, 'Vælg køn'],
      [{ firstInputDate: 1 }, ''],
    ];
    for (const [changes, message] of refusals) {
      const answer = await t.call('setClient', { id: clientId, changes }, owner.token);
      expect(answer.status).toBe(400);
      if (message) expect(answer.body.message).toBe(message);
    }
    // A CPR number that fails the old modulus-11 check is valid (issued since 2007).
    const cpr = await t.call('setClient', { id: clientId, changes: { CPR6Digit: '010203', CPRLast4Digit: '0000' } }, owner.token);
    expect(cpr.status).toBe(200);
    const stored = await t.models.Client.findById(clientId).lean();
    expect(stored).toMatchObject({ address: 'Algade 3', cprKey: cprHash('0102030000'), CPR6Digit: '010203', nameFirst: 'Signe' });

    const history = await t.call('getClientHistory', { clientId }, owner.token);
    expect(history.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'client', field: 'address', previous: '', value: 'Algade 3', changedBy: 'Mette Ørsted' }),
        expect.objectContaining({ entity: 'client', field: 'CPR6Digit', previous: '010190', value: '010203' }),
      ]),
    );
  });

  it('lists clients paginated and searchable by name or CPR; the owner filters by therapist, a colleague sees their own', async () => {
    const owner = await clinicWithTrial(t);
    const treatment = await t.call('addTreatment', { name: 'Fys', price: 400, duration: 30 * 60, pause: 0 }, owner.token);
    for (let i = 0; i < 12; i += 1) {
      const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: hourAhead(1) + i * HOUR, client: { ...newClient(String(1000 + i)), nameFirst: `Klient${String(i).padStart(2, '0')}` } }, owner.token);
      expect(booked.status).toBe(200);
    }
    const page2 = await t.call('getAllClient', { page: 2, size: 5 }, owner.token);
    expect(page2.body.total).toBe(12);
    expect(page2.body.data.map((client) => client.nameFirst)).toEqual(['Klient05', 'Klient06', 'Klient07', 'Klient08', 'Klient09']);
    expect((await t.call('getAllClient', { search: '0101901003' }, owner.token)).body.data.map((c) => c.nameFirst)).toEqual(['Klient03']);
    expect((await t.call('getAllClient', { search: 'klient11' }, owner.token)).body.data).toHaveLength(1);
    expect((await t.call('getAllClient', { size: 20 as never }, owner.token)).status).toBe(400);

    const colleague = await colleagueOf(t, owner);
    expect((await t.call('getAllClient', {}, colleague.token)).body.total).toBe(0);
    expect((await t.call('getAllClient', { therapistId: owner.therapistId }, colleague.token)).status).toBe(403);
    expect((await t.call('getAllClient', { therapistId: colleague.therapistId }, owner.token)).body.total).toBe(0);
    const someone = page2.body.data[0]!.id;
    expect((await t.call('getClient', { id: someone }, colleague.token)).status).toBe(404);
  });

  it("never shows or changes another clinic's client, journal or fields", async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, booking } = await clientWithBooking(owner);
    const journal = await t.call('addJournal', { bookingId: booking.id }, owner.token);
    const fields = await t.call('getCustomFieldsFromClientIsNotJournal', { clientId }, owner.token);
    const other = await clinicWithTrial(t);
    const calls: [string, Record<string, unknown>][] = [
      ['getClient', { id: clientId }],
      ['setClient', { id: clientId, changes: { town: 'Hacket' } }],
      ['deleteClient', { id: clientId }],
      ['getJournalsFromClient', { clientId }],
      ['addJournal', { bookingId: booking.id }],
      ['setJournal', { id: journal.body.data.id, version: 0, changes: { effect: 'x' } }],
      ['getCustomFieldsFromClientIsNotJournal', { clientId }],
      ['setCustomField', { id: fields.body.data[0]!.id, version: 0, value: 'x' }],
      ['saveFieldComment', { clientId, journalId: journal.body.data.id, customFieldName: 'effect', value: 'x' }],
      ['getClientHistory', { clientId }],
      ['getImages', { clientId }],
    ];
    for (const [action, input] of calls) {
      const answer = await t.call(action as 'getClient', input as never, other.token);
      expect([action, answer.status]).toEqual([action, 404]);
    }
    // Another clinic's booking simply has no journal for them.
    expect((await t.call('getJournalFromBooking', { bookingId: booking.id }, other.token)).body).toEqual({ data: null });
    expect((await t.call('getJournalFromBooking', { bookingId: booking.id }, owner.token)).body.data?.id).toBe(booking.id);
    const client = await t.models.Client.findById(clientId).lean();
    expect(client?.town).toBe('');
  });

  it('refuses to delete a client with a booking ahead, then deletes everything recorded about them', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, booking } = await clientWithBooking(owner);
    await t.call('addJournal', { bookingId: booking.id }, owner.token);
    const refused = await t.call('deleteClient', { id: clientId }, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Klienten har kommende bookinger. Slet eller flyt dem først.');
    t.clock.advance(3 * DAY_MS);
    try {
      expect((await t.call('deleteClient', { id: clientId }, owner.token)).status).toBe(200);
    } finally {
      t.clock.advance(-3 * DAY_MS);
    }
    const { models } = t;
    expect(await models.Client.countDocuments({ _id: clientId })).toBe(0);
    expect(await models.Journal.countDocuments({ clientId })).toBe(0);
    expect(await models.Booking.countDocuments({ clientId })).toBe(0);
    expect(await models.Revision.countDocuments({ clientId })).toBe(0);
  });

  it('erasing keeps of the invoices only what bookkeeping needs, for the retention period, and nothing else anywhere', async () => {
    const owner = await clinicWithTrial(t);
    await t.call('setCompany', { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' }, owner.token);
    const { clientId, booking } = await clientWithBooking(owner, hourAhead(1), '4321');
    await t.call('setClient', { id: clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
    await t.call('addJournal', { bookingId: booking.id }, owner.token);
    await t.call('setJournal', { id: booking.id, version: 0, changes: { treatment: 'Behandlet for angst', followUp: 'Ny tid om en uge' } }, owner.token);
    const invoice = await t.call('addInvoice', { bookingId: booking.id, settings: { type: true, discount: 0, moms: true, treatmentText: true, aktuelBehandling: false, followUpText: true } }, owner.token);
    expect(invoice.status).toBe(200);
    t.clock.advance(3 * DAY_MS);
    try {
      expect((await t.call('deleteClient', { id: clientId }, owner.token)).status).toBe(200);
    } finally {
      t.clock.advance(-3 * DAY_MS);
    }
    // A raw look at every collection of the clinic: the client's id and e-mail only on the invoice and in the access
    // log (who read the record: kept five years, append-only), and no health note.
    await t.api.services.accessLog.flush();
    const left: Record<string, number> = {};
    for (const [name, model] of Object.entries(t.models) as [string, { find(filter: object): { lean(): Promise<unknown[]> } }][]) {
      const docs = await model.find({ companyId: owner.companyId }).lean();
      const mentioning = docs.filter((doc) => /Behandlet for angst|Ny tid om en uge|signe@example\.dk/.test(JSON.stringify(doc)) || JSON.stringify(doc).includes(clientId));
      if (mentioning.length) left[name] = mentioning.length;
    }
    expect(left).toEqual({ Invoice: 1, AccessLog: 1 });
    const kept = (await t.models.Invoice.findById(invoice.body.data.id).lean())!;
    expect(JSON.stringify(kept)).not.toMatch(/Behandlet for angst|Ny tid om en uge|signe@example\.dk/);
    expect(kept.snapshots[0]).toMatchObject({ client: { nameFirst: 'Signe', nameLast: 'Kjær', address: 'Åvej 2', CPR: '010190-4321', email: '' }, journal: null, upComing: [] });
    expect(kept.number).toBe(invoice.body.data.number);
    // Five years from the end of its year, then the sweeper deletes it.
    const { sweepExpiredInvoices } = await import('../src/domain/invoices/retention.js');
    expect(await sweepExpiredInvoices(t.models, kept.keepUntil! - 1)).toBe(0);
    expect(new Date(kept.keepUntil!).getUTCFullYear()).toBe(kept.year + 5);
    expect(await sweepExpiredInvoices(t.models, kept.keepUntil!)).toBeGreaterThanOrEqual(1);
    expect(await t.models.Invoice.countDocuments({ _id: kept._id })).toBe(0);
  });

  it('offers a free four-digit code for a birth date', async () => {
    const owner = await clinicWithTrial(t);
    await clientWithBooking(owner);
    const code = await t.call('getClientLastDigit', { CPR6Digit: '010190' }, owner.token);
    expect(code.body.data.lastDigit).toMatch(/^\d{4}$/);
    expect(code.body.data.lastDigit).not.toBe('1234');
    expect((await t.call('getClientLastDigit', { CPR6Digit: '320190' }, owner.token)).status).toBe(400);
  });
});

describe('journals', () => {
  it('opens one journal per booking; the server stamps first inputs; the browser cannot send stamps', async () => {
    const owner = await clinicWithTrial(t);
    const { booking } = await clientWithBooking(owner);
    const [a, b] = await Promise.all([t.call('addJournal', { bookingId: booking.id }, owner.token), t.call('addJournal', { bookingId: booking.id }, owner.token)]);
    expect(a.body.data.id).toBe(booking.id);
    expect(b.body.data.id).toBe(booking.id);
    expect(await t.models.Journal.countDocuments({ _id: booking.id })).toBe(1);
    expect((await t.call('getBooking', { id: booking.id }, owner.token)).body.data).toMatchObject({ journalId: booking.id, state: 'journal' });

    const before = t.clock.now();
    const saved = await t.call('setJournal', { id: booking.id, version: 0, changes: { effect: 'Bedre bevægelighed' } }, owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ effect: 'Bedre bevægelighed', version: 1, updatedBy: 'Mette Ørsted', firstInputTreatmentUpDate: null });
    expect(saved.body.data.firstInputEffectDate).toBeGreaterThanOrEqual(before);
    const forged = await t.call('setJournal', { id: booking.id, version: 1, changes: { effect: 'x' }, firstInputEffectDate: t.clock.now() + 10 * DAY_MS } as never, owner.token);
    expect(forged.status).toBe(400);
    const forgedField = await t.call('setJournal', { id: booking.id, version: 1, changes: { firstInputEffectDate: 1 } } as never, owner.token);
    expect(forgedField.status).toBe(400);
  });

  it('detects concurrent saves of one journal: one wins, the others get 409 and change nothing', async () => {
    const owner = await clinicWithTrial(t);
    const { booking } = await clientWithBooking(owner);
    await t.call('addJournal', { bookingId: booking.id }, owner.token);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.call('setJournal', { id: booking.id, version: 0, changes: { treatment: `Udgave ${i}` } }, owner.token)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('Journalen er blevet ændret af en anden imens. Hent den igen; din tekst er ikke gemt.');
    const winner = answers.find((answer) => answer.status === 200)!.body.data.treatment;
    const journal = await t.models.Journal.findById(booking.id).lean();
    expect(journal).toMatchObject({ treatment: winner, version: 1 });
    // The stale version is refused afterwards as well; the next save on version 1 keeps the old text in the history.
    expect((await t.call('setJournal', { id: booking.id, version: 0, changes: { treatment: 'sent' } }, owner.token)).status).toBe(409);
    expect((await t.call('setJournal', { id: booking.id, version: 1, changes: { treatment: 'Rettet' } }, owner.token)).status).toBe(200);
    const history = await t.call('getClientHistory', { clientId: booking.clientId, journalId: booking.id }, owner.token);
    expect(history.body.data.filter((row) => row.field === 'treatment').map((row) => [row.previous, row.value])).toEqual([
      [winner, 'Rettet'],
      ['', winner],
    ]);
  });

  it('locks a field 24 hours after its first input, and the journal 24 hours after the booking: then only comments', async () => {
    const owner = await clinicWithTrial(t);
    const { booking } = await clientWithBooking(owner, hourAhead(3));
    await t.call('addJournal', { bookingId: booking.id }, owner.token);
    await t.call('setJournal', { id: booking.id, version: 0, changes: { effect: 'Første tekst' } }, owner.token);
    const comment = await t.call('saveFieldComment', { clientId: booking.clientId, journalId: booking.id, customFieldName: 'effect', value: 'Tilføjelse' }, owner.token);
    expect(comment.body.data).toMatchObject({ value: 'Tilføjelse', editable: true, createdBy: 'Mette Ørsted', customFieldName: 'effect' });

    t.clock.advance(25 * HOUR);
    try {
      const locked = await t.call('setJournal', { id: booking.id, version: 1, changes: { effect: 'Ændret' } }, owner.token);
      expect(locked.status).toBe(403);
      expect(locked.body.message).toBe("Feltet 'Effekt af sidste behandling' er låst 24 timer efter første indtastning. Tilføj en kommentar i stedet.");
      expect((await t.call('setJournal', { id: booking.id, version: 1, changes: { treatment: 'Stadig åben' } }, owner.token)).status).toBe(200);
      const lateComment = await t.call('saveFieldComment', { id: comment.body.data.id, clientId: booking.clientId, customFieldName: 'effect', value: 'Ændret kommentar' }, owner.token);
      expect(lateComment.status).toBe(403);
      expect(lateComment.body.message).toBe('Kommentaren er låst: den kan kun ændres de første 24 timer.');

      t.clock.advance(4 * DAY_MS);
      const view = await t.call('getJournalFromBooking', { bookingId: booking.id }, owner.token);
      expect(view.body.data).toMatchObject({ editable: false, fieldEditable: { effect: false, treatment: false, followUp: false, remark: false } });
      const closed = await t.call('setJournal', { id: booking.id, version: 2, changes: { remark: 'For sent' } }, owner.token);
      expect(closed.status).toBe(403);
      expect(closed.body.message).toBe('Journalen kan kun skrives indtil 24 timer efter behandlingen. Tilføj en kommentar i stedet.');
      const added = await t.call('saveFieldComment', { clientId: booking.clientId, journalId: booking.id, customFieldName: 'remark', value: 'Efterfølgende note' }, owner.token);
      expect(added.status).toBe(200);
      expect((await t.call('addCustomField', { clientId: booking.clientId, journalId: booking.id, name: 'Nyt', isJournal: true }, owner.token)).status).toBe(403);
      const journal = await t.models.Journal.findById(booking.id).lean();
      expect(journal).toMatchObject({ effect: 'Første tekst', remark: '', treatment: 'Stadig åben' });
    } finally {
      t.clock.advance(-(25 * HOUR + 4 * DAY_MS));
    }
  });

  it('the Stamjournal: fixed fields once, comments on the first four only, values lock after 24 hours, the first booking turns green', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, booking } = await clientWithBooking(owner);
    const reads = await Promise.all([1, 2, 3].map(() => t.call('getCustomFieldsFromClientIsNotJournal', { clientId }, owner.token)));
    expect(reads.every((read) => read.status === 200)).toBe(true);
    const fields = (await t.call('getCustomFieldsFromClientIsNotJournal', { clientId }, owner.token)).body.data;
    expect(fields.map((field) => [field.name, field.commentable, field.locked])).toEqual([
      ['Årsag til henvendelse', true, true],
      ['Aktuel behandling', true, true],
      ['Opfølgende behandling', true, true],
      ['Sygdomshistorie', true, true],
      ['Medicin', false, true],
      ['Tidligere behandlinger', false, true],
    ]);
    const fifth = fields[4]!;
    const refused = await t.call('saveFieldComment', { clientId, customFieldId: fifth.id, customFieldName: fifth.name, value: 'x' }, owner.token);
    expect(refused.status).toBe(403);
    expect((await t.call('saveFieldComment', { clientId, customFieldId: fields[0]!.id, customFieldName: 'x', value: 'God' }, owner.token)).status).toBe(200);
    expect((await t.call('setCustomField', { id: fields[0]!.id, version: 0, name: 'Omdøbt' }, owner.token)).status).toBe(403);
    expect((await t.call('deleteCustomField', { id: fields[0]!.id }, owner.token)).status).toBe(403);

    const saved = await t.call('setCustomField', { id: fields[1]!.id, version: 0, value: 'Lændesmerter' }, owner.token);
    expect(saved.body.data).toMatchObject({ value: 'Lændesmerter', version: 1 });
    expect((await t.call('getBooking', { id: booking.id }, owner.token)).body.data).toMatchObject({ hasStamjournal: true, state: 'journal' });
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data.updatedBySJ).toBe('Mette Ørsted');
    const concurrent = await Promise.all([
      t.call('setCustomField', { id: fields[1]!.id, version: 1, value: 'A' }, owner.token),
      t.call('setCustomField', { id: fields[1]!.id, version: 1, value: 'B' }, owner.token),
    ]);
    expect(concurrent.map((answer) => answer.status).sort()).toEqual([200, 409]);

    const added = await t.call('addCustomField', { clientId, name: 'Allergier', isJournal: false }, owner.token);
    expect(added.body.data).toMatchObject({ name: 'Allergier', locked: false, position: 6, commentable: false });
    expect((await t.call('addCustomField', { clientId, name: '   ', isJournal: false }, owner.token)).body.message).toBe('Feltets navn må ikke være tomt');
    expect((await t.call('addCustomField', { clientId, name: 'X', isJournal: false, locked: true } as never, owner.token)).status).toBe(400);
    expect((await t.call('deleteCustomField', { id: added.body.data.id }, owner.token)).status).toBe(200);

    t.clock.advance(25 * HOUR);
    try {
      const late = await t.call('setCustomField', { id: fields[1]!.id, version: 2, value: 'Ændret' }, owner.token);
      expect(late.status).toBe(403);
      expect((await t.call('setCustomField', { id: fields[2]!.id, version: 0, value: 'Stadig åben' }, owner.token)).status).toBe(200);
    } finally {
      t.clock.advance(-25 * HOUR);
    }
  });

  it('journal custom fields need the pro plan', async () => {
    // A clinic with no plan yet is told, as spec 2 §1 words it, that any plan will do.
    const owner = await registerAndLogin(t);
    const answer = await t.call('addCustomField', { clientId: '0'.repeat(24), journalId: '0'.repeat(24), name: 'Felt', isJournal: true }, owner.token);
    expect([answer.status, answer.body.message]).toEqual([403, 'Du kan vælge en hvilken som helst plan, og så kan du bruge den']);
  });
});

describe('the intake form', () => {
  it('keeps questions, refuses empty names, adds a client, mails the link, and the public form stores the answers', async () => {
    const owner = await clinicWithTrial(t);
    expect((await t.call('addClientFormField', { fieldName: '   ' }, owner.token)).body.message).toBe('Spørgsmålets navn må ikke være tomt!');
    const allergy = (await t.call('addClientFormField', { fieldName: 'Allergier?', fieldType: 'text', isRequired: true }, owner.token)).body.data;
    const children = (await t.call('addClientFormField', { fieldName: 'Antal børn', fieldType: 'number' }, owner.token)).body.data;
    const consent = (await t.call('addClientFormField', { fieldName: 'Samtykke', fieldType: 'checkbox' }, owner.token)).body.data;
    expect((await t.call('setClientFormField', { id: consent.id, fieldName: 'Samtykke til journal', fieldType: 'checkbox', isRequired: true }, owner.token)).status).toBe(200);
    expect((await t.call('getClientFormFields', {}, owner.token)).body.data.map((field) => field.fieldName)).toEqual(['Samtykke til journal', 'Antal børn', 'Allergier?']);
    const other = await clinicWithTrial(t);
    expect((await t.call('deleteClientFormField', { id: children.id }, other.token)).status).toBe(404);

    const personal = { ...newClient('5678'), address: 'Algade 1', post: '4000', town: 'Roskilde', email: 'ny.klient@example.dk' };
    const missing = await t.call('addClient', { client: { ...personal, address: '' }, ids: [] }, owner.token);
    expect(missing.status).toBe(400);
    const added = await t.call('addClient', { client: personal, ids: [allergy.id, consent.id] }, owner.token);
    expect(added.body.message).toBe('e-mail er blevet sendt!');
    const mail = await t.models.OutboxMail.findOne({ to: 'ny.klient@example.dk' }).lean();
    const link = mail!.text.match(/http\S+\/ClientForm\?\S+/)![0];
    const params = new URL(link).searchParams;
    expect(params.get('therapistID')).toBe(owner.therapistId);
    expect(params.get('ids')).toBe(`${allergy.id},${consent.id}`);
    expect(mail!.text).not.toContain('5678');

    const form = await t.call('getPublicClientForm', { therapistID: owner.therapistId, ids: [allergy.id, consent.id], ref: params.get('ref')! });
    expect(form.body.data).toMatchObject({ clinicName: 'Fysio Ærø', clientName: 'Signe', questions: [{ fieldName: 'Allergier?', isRequired: true }, { fieldName: 'Samtykke til journal', fieldType: 'checkbox' }] });
    const incomplete = await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, ref: params.get('ref')!, answers: [{ questionId: allergy.id, value: 'Nødder' }, { questionId: consent.id, value: 'false' }] });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe("'Samtykke til journal' skal besvares");
    const done = await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, ref: params.get('ref')!, answers: [{ questionId: allergy.id, value: 'Nødder' }, { questionId: consent.id, value: 'true' }] });
    expect(done.body.message).toBe('Tak! Dine svar er sendt til klinikken.');
    const client = (await t.call('getClient', { id: added.body.data.id }, owner.token)).body.data;
    expect(client.intakeAnswers.map((answer) => [answer.fieldName, answer.value])).toEqual([['Allergier?', 'Nødder'], ['Samtykke til journal', 'true']]);
    // The signed link writes to its client once: a second send and a second open are refused, nothing is added.
    const twice = await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, ref: params.get('ref')!, answers: [{ questionId: allergy.id, value: 'Ingen' }, { questionId: consent.id, value: 'true' }] });
    expect([twice.status, twice.body.message]).toEqual([409, 'Linket til formularen er allerede brugt. Kontakt klinikken, hvis du vil ændre dine svar.']);
    expect((await t.call('getPublicClientForm', { therapistID: owner.therapistId, ids: [allergy.id], ref: params.get('ref')! })).status).toBe(409);
    expect((await t.call('getClient', { id: added.body.data.id }, owner.token)).body.data.intakeAnswers).toHaveLength(2);
    // Another clinic's question, a forged reference, and the other clinic's therapist with this clinic's reference.
    expect((await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, ref: 'forged', answers: [] })).status).toBe(400);
    expect((await t.call('getPublicClientForm', { therapistID: other.therapistId, ids: [], ref: params.get('ref')! })).status).toBe(400);
  });

  it('without the signed link nothing touches a record: known and unknown land alike for review, accepted or rejected by the therapist', async () => {
    const owner = await clinicWithTrial(t);
    const question = (await t.call('addClientFormField', { fieldName: 'Antal børn', fieldType: 'number' }, owner.token)).body.data;
    const known = { ...newClient('4321'), address: 'Vej 2', post: '5000', town: 'Odense' };
    await t.call('addClient', { client: known, ids: [] }, owner.token);
    const notNumber = await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, client: known, answers: [{ questionId: question.id, value: 'to' }] });
    expect(notNumber.body.message).toBe("'Antal børn' skal være et tal");
    const stranger = { ...known, nameFirst: 'Falsk', address: 'Anden vej', email: 'falsk@example.dk' };
    const unknown = { ...known, CPRLast4Digit: '8765', email: 'ny@example.dk' };
    const answers = await Promise.all(
      [stranger, unknown].map((client, index) => t.call('clientSubmitClientForm', { therapistID: owner.therapistId, client, answers: [{ questionId: question.id, value: String(index + 2) }] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    // The record is as it was, and no client was made.
    const before = await t.models.Client.find({ companyId: owner.companyId }).lean();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ nameFirst: 'Signe', address: 'Vej 2', intakeAnswers: [] });

    const pending = (await t.call('getPublicSubmissions', {}, owner.token)).body.data;
    expect(pending.map((row) => [row.kind, row.person.nameFirst, row.answers[0]?.value, row.matchingClientId === before[0]!._id.toString()]).sort()).toEqual([
      ['intake', 'Falsk', '2', true],
      ['intake', 'Signe', '3', false],
    ]);
    const [fromStranger, fromNew] = [pending.find((row) => row.person.nameFirst === 'Falsk')!, pending.find((row) => row.person.nameFirst === 'Signe')!];
    // Another clinic sees none of it and cannot decide it.
    const other = await clinicWithTrial(t);
    expect((await t.call('getPublicSubmissions', {}, other.token)).body.data).toEqual([]);
    expect((await t.call('rejectPublicSubmission', { id: fromStranger.id }, other.token)).status).toBe(404);
    expect((await t.call('acceptPublicSubmission', { id: fromNew.id }, other.token)).status).toBe(404);

    // Rejected: gone, nothing written. Accepted without a client: a new client with the answers.
    expect((await t.call('rejectPublicSubmission', { id: fromStranger.id }, owner.token)).body.message).toBe('Henvendelsen er afvist');
    const accepted = await t.call('acceptPublicSubmission', { id: fromNew.id }, owner.token);
    expect(accepted.body.message).toBe('Henvendelsen er godkendt');
    const made = (await t.call('getClient', { id: accepted.body.data.clientId }, owner.token)).body.data;
    expect(made).toMatchObject({ nameFirst: 'Signe', CPRLast4Digit: '8765', address: 'Vej 2' });
    expect(made.intakeAnswers.map((answer) => answer.value)).toEqual(['3']);
    expect((await t.call('acceptPublicSubmission', { id: fromNew.id }, owner.token)).status).toBe(404);
    expect((await t.call('getPublicSubmissions', {}, owner.token)).body.data).toEqual([]);

    // Accepted onto the client the therapist chooses.
    await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, client: known, answers: [{ questionId: question.id, value: '4' }] });
    const again = (await t.call('getPublicSubmissions', {}, owner.token)).body.data[0]!;
    expect((await t.call('acceptPublicSubmission', { id: again.id, clientId: before[0]!._id.toString() }, owner.token)).status).toBe(200);
    expect((await t.models.Client.findById(before[0]!._id).lean())!.intakeAnswers.map((answer) => answer.value)).toEqual(['4']);
  });

  it('bounds a submission, and refuses the form while it is off or the plan has run out', async () => {
    const owner = await clinicWithTrial(t);
    const questions = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) questions.push((await t.call('addClientFormField', { fieldName: name, fieldType: 'text' }, owner.token)).body.data);
    const personal = { ...newClient('2468'), address: 'Vej 2', post: '5000', town: 'Odense' };
    const long = await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, client: personal, answers: questions.map((question) => ({ questionId: question.id, value: 'x'.repeat(4500) })) });
    expect([long.status, long.body.message]).toEqual([413, 'Svarene er for lange. Forkort dem og prøv igen.']);
    await t.call('setOnlineBookingSettings', { bookingFormEnabled: false }, owner.token);
    for (const answer of [
      await t.call('getPublicClientForm', { therapistID: owner.therapistId, ids: [] }),
      await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, client: personal, answers: [] }),
    ]) {
      expect([answer.status, answer.body.message]).toEqual([409, 'Bookingformular er deaktiveret']);
    }
    await t.call('setOnlineBookingSettings', { bookingFormEnabled: true }, owner.token);
    await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { status: 'expired' } });
    expect((await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, client: personal, answers: [] })).status).toBe(409);
    expect(await t.models.PublicSubmission.countDocuments({ companyId: owner.companyId })).toBe(0);
  });
});
