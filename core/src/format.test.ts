import { formatGigabytes, formatKroner } from './format.js';

describe('formatKroner', () => {
  it.each([
    [0, '0,00 kr.'],
    [5, '0,05 kr.'],
    [123450, '1.234,50 kr.'],
    [14900, '149,00 kr.'],
    [123456789, '1.234.567,89 kr.'],
    [-18625, '-186,25 kr.'],
  ])('%d øre → %s', (ore, text) => {
    expect(formatKroner(ore)).toBe(text);
  });
  it('refuses fractions of øre', () => {
    expect(() => formatKroner(1.5)).toThrow(RangeError);
  });
});

it('formats storage in GB with two decimals', () => {
  expect(formatGigabytes(5 * 1024 ** 3)).toBe('5,00 GB');
  expect(formatGigabytes(1.234 * 1024 ** 3)).toBe('1,23 GB');
});
