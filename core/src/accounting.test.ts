import { accountingContactFields, accountingMessages, countOutcome, emptyCount, transferScope } from './accounting.js';

describe('integration settings', () => {
  it("transfers everything by default, and needs both dates of a period ('Feltet er påkrævet.')", () => {
    expect(transferScope({ allDataFlag: true, fromDate: 'x' })).toEqual({ scope: { kind: 'all' }, errors: null });
    expect(transferScope({ allDataFlag: false })).toEqual({ scope: null, errors: { fromDate: 'Feltet er påkrævet.', toDate: 'Feltet er påkrævet.' } });
    expect(transferScope({ allDataFlag: false, fromDate: '2026-11-01', toDate: '' }).errors).toEqual({ toDate: 'Feltet er påkrævet.' });
    expect(transferScope({ allDataFlag: false, fromDate: '1.11.2026', toDate: '2026-11-30' }).errors).toEqual({ fromDate: 'Feltet er påkrævet.' });
    expect(transferScope({ allDataFlag: false, fromDate: '2026-12-01', toDate: '2026-11-30' }).errors).toEqual({ toDate: accountingMessages.periodOrder });
    expect(transferScope({ allDataFlag: false, fromDate: '2026-11-01', toDate: '2026-11-01' }).scope).toEqual({ kind: 'period', fromDate: '2026-11-01', toDate: '2026-11-01' });
  });
});

describe('transfer counts', () => {
  it('counts each outcome into the total and keeps the first failure', () => {
    let count = emptyCount();
    count = countOutcome(count, 'success');
    count = countOutcome(count, 'alreadyAdded');
    count = countOutcome(count, 'fail', 'første');
    count = countOutcome(count, 'fail', 'anden');
    expect(count).toEqual({ success: 1, alreadyAdded: 1, fail: 2, total: 4, error: 'første' });
  });
});

describe('what of a client reaches the accounting system', () => {
  it('name, address, e-mail and phone only: never the CPR number or health data', () => {
    const client = {
      nameFirst: ' Signe ',
      nameLast: 'Kjær',
      address: 'Åvej 2',
      post: '4000',
      town: 'Roskilde',
      email: 'signe@example.dk',
      phonePrivate: '',
      phoneWork: '+45 20 30 40 50',
      CPR6Digit: '010190',
      CPRLast4Digit: '1234',
      doctor: 'Læge Hansen',
      intakeAnswers: [{ value: 'Migræne' }],
    };
    const fields = accountingContactFields(client);
    expect(fields).toEqual({ name: 'Signe Kjær', street: 'Åvej 2', zipCode: '4000', city: 'Roskilde', email: 'signe@example.dk', phone: '+45 20 30 40 50' });
    expect(JSON.stringify(fields)).not.toMatch(/010190|1234|Hansen|Migræne/);
  });
});
