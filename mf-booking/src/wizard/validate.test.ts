import { EMPTY_CLIENT, clientProblems, informationProblems } from './validate';

const good = { nameFirst: 'Signe', nameLast: 'Sørensen', CPR6Digit: '120388', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '+45 20 30 40 50' };

describe('the wizard checks step 2 with the spec messages', () => {
  it('accepts a complete new client', () => {
    expect(clientProblems(good)).toEqual({});
    expect(informationProblems({ kind: 'treatment', fields: good, reason: 'Ondt i ryggen', consent: true })).toEqual({});
  });

  it('names every missing field of a new client', () => {
    expect(clientProblems(EMPTY_CLIENT)).toEqual({
      nameFirst: 'Fornavn er påkrævet.',
      nameLast: 'Efternavn er påkrævet.',
      CPR6Digit: 'Fødselsdag skal være 6 cifre.',
      CPRLast4Digit: 'De sidste 4 cifre i dit CPR nr skal bestå af 4 tegn.',
      email: 'Invalid email adresse',
      phonePrivate: 'Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +',
    });
  });

  it('checks the birth date as a real date, the phone as 8+ digits with an optional plus', () => {
    expect(clientProblems({ ...good, CPR6Digit: '310288' }).CPR6Digit).toBe('Fødselsdag skal være 6 cifre.');
    expect(clientProblems({ ...good, phonePrivate: '1234 567' }).phonePrivate).toBeDefined();
    expect(clientProblems({ ...good, phonePrivate: '20-30-40-50' }).phonePrivate).toBeDefined();
    expect(clientProblems({ ...good, phonePrivate: '20 30 40 50' }).phonePrivate).toBeUndefined();
  });

  it('needs the same details of an existing client as of a new one, a reason for treatments only, and consent', () => {
    expect(informationProblems({ kind: 'treatment', fields: EMPTY_CLIENT, reason: '', consent: false })).toMatchObject({
      nameFirst: 'Fornavn er påkrævet.',
      email: 'Invalid email adresse',
      reason: 'Årsag til henvendelse er påkrævet',
      consent: 'Du skal give samtykke for at booke',
    });
    expect(informationProblems({ kind: 'course', fields: good, reason: '', consent: true })).toEqual({});
  });
});
