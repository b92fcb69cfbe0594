import { monthlyValues, neutraliseFormula, subscriberCells, ytdMonths } from './model';

it('reads twelve monthly values, a missing or malformed one as 0', () => {
  expect(monthlyValues('1,2,3')).toEqual([1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  expect(monthlyValues('x,5,,7,0,0,0,0,0,0,0,9')).toEqual([0, 5, 0, 7, 0, 0, 0, 0, 0, 0, 0, 9]);
  const { months, total } = ytdMonths({ year: 2026, freeTexts: '1,1,0,0,0,0,0,0,0,0,0,0', sentBooking: '2,0,0,0,0,0,0,0,0,0,0,3', sentCourse: '0,0,0,0,0,0,0,0,0,0,0,0' });
  expect(months[0]).toEqual({ month: 0, freeTexts: 1, sentBooking: 2, sentCourse: 0 });
  expect(total).toEqual({ freeTexts: 2, sentBooking: 5, sentCourse: 0 });
});

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
