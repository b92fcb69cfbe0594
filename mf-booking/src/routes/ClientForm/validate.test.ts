import { EMPTY_PERSONAL, answerProblem, answerProblems, personalProblems, splitServerErrors } from './validate';

const good = {
  nameFirst: 'Signe',
  nameLast: 'Sørensen',
  CPR6Digit: '120388',
  CPRLast4Digit: '1234',
  address: 'Nørregade 1',
  post: '1165',
  town: 'København K',
  email: 'signe@example.dk',
  phonePrivate: '+45 20 30 40 50',
};
const NOW = Date.UTC(2026, 5, 15, 12);

describe('the public intake form checks the personal details with the spec messages', () => {
  it('accepts a complete client', () => {
    expect(personalProblems(good, NOW)).toEqual({});
  });

  it('names every missing field', () => {
    expect(personalProblems(EMPTY_PERSONAL, NOW)).toEqual({
      nameFirst: 'Fejl: Fornavn er påkrævet.',
      nameLast: 'Fejl: Efternavn er påkrævet.',
      CPR6Digit: 'Fejl: Fødselsdag skal være 6 cifre.',
      CPRLast4Digit: 'Fejl: De sidste 4 cifre i dit CPR nr skal bestå af 4 tegn.',
      address: 'Fejl: Adresse er påkrævet.',
      post: 'Fejl: Postnummer er påkrævet.',
      town: 'Fejl: By er påkrævet.',
      email: 'Fejl: Invalid email adresse',
      phonePrivate: 'Fejl: Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +',
    });
  });

  it('refuses a birthday later this year, accepts one earlier (a CPR number needs no modulus-11 check)', () => {
    expect(personalProblems({ ...good, CPR6Digit: '160626' }, NOW).CPR6Digit).toBe('Fejl: Fødselsdagen kan ikke ligge i fremtiden.');
    expect(personalProblems({ ...good, CPR6Digit: '140626' }, NOW).CPR6Digit).toBeUndefined();
    expect(personalProblems({ ...good, CPR6Digit: '310288' }, NOW).CPR6Digit).toBe('Fejl: Fødselsdag skal være 6 cifre.');
  });
});

describe('the questions', () => {
  const text = { id: 'a', fieldName: 'Allergier', fieldType: 'text' as const, isRequired: true };
  const number = { id: 'b', fieldName: 'Timer søvn', fieldType: 'number' as const, isRequired: false };
  const box = { id: 'c', fieldName: 'Vilkår', fieldType: 'checkbox' as const, isRequired: true };

  it('needs required answers, digits in number answers and a ticked required checkbox', () => {
    expect(answerProblem(text, ' ')).toBe("Fejl: 'Allergier' skal besvares.");
    expect(answerProblem(number, '')).toBeUndefined();
    expect(answerProblem(number, '7a')).toBe("Fejl: 'Timer søvn' skal være et tal.");
    expect(answerProblem(box, 'false')).toBe("Fejl: 'Vilkår' skal besvares.");
    expect(answerProblems([text, number, box], { a: 'Pollen', b: '7', c: 'true' })).toEqual({});
  });

  it('puts the server field errors under their fields', () => {
    const split = splitServerErrors(
      { 'client.nameFirst': 'Fornavn er påkrævet.', 'answers.c': "'Vilkår' skal besvares", 'answers.1.value': 'x', ref: 'Linket er ugyldigt' },
      ['a', 'b'],
    );
    expect(split.personal).toEqual({ nameFirst: 'Fejl: Fornavn er påkrævet.' });
    expect(split.answers).toEqual({ c: "Fejl: 'Vilkår' skal besvares", b: 'Fejl: x' });
    expect(split.other).toEqual(['Linket er ugyldigt']);
  });
});
