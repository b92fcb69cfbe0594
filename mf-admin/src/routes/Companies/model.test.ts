import { neutraliseFormula, subscriberCells } from './model';

it('neutralises spreadsheet formulas, keeping phone numbers as written', () => {
  expect(neutraliseFormula('=HYPERLINK("http://x","klik")')).toBe('\'=HYPERLINK("http://x","klik")');
  for (const cell of ['+SUM(A1)', '-1+2', '@cmd', '\tx']) expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  expect(neutraliseFormula('+45 12 34 56 78')).toBe('+45 12 34 56 78');
  expect(neutraliseFormula('Mette')).toBe('Mette');
});

it('makes the subscriber CSV rows, header first, every cell neutralised', () => {
  const columns = { nameFirst: 'Fornavn', nameLast: 'Efternavn', email: 'E-mail', phone: 'Telefon', companyName: 'Klinik', newsletter: 'Nyhedsbrev', trial: 'Prøveperiode', createdAt: 'Oprettet' };
  const rows = subscriberCells(
    [{ id: '1', nameFirst: '=1+1', nameLast: 'Holm', email: 'a@b.dk', phone: '+4512345678', companyName: 'Klinik', newsletter: true, trial: null, createdAt: 0 }],
    columns,
    { date: () => '01-01-1970', yes: 'Ja', no: 'Nej' },
  );
  expect(rows).toEqual([Object.values(columns), ["'=1+1", 'Holm', 'a@b.dk', '+4512345678', 'Klinik', 'Ja', '', '01-01-1970']]);
});
