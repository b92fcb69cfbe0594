/** Phone numbers for SMS: what a client's number as typed becomes, and which numbers cannot get an SMS. */
import { maskedNumber, normalizeSmsNumber } from '../src/adapters/sms/numbers.js';

it('makes the ways Danes write a mobile number into one E.164 number', () => {
  for (const typed of ['20123456', '+45 20 12 34 56', '0045 20123456', '20-12-34-56', ' 20 12 34 56 ', '+4520123456', '(+45) 2012 3456']) {
    expect([typed, normalizeSmsNumber(typed)]).toEqual([typed, '+4520123456']);
  }
  // Denmark's ranges are 'fixed line or mobile' (a number can move between them): they can receive SMS.
  expect(normalizeSmsNumber('33 12 34 56')).toBe('+4533123456');
  // Mobile numbers abroad, written with their country code.
  expect(normalizeSmsNumber('+46 70 123 45 67')).toBe('+46701234567');
  expect(normalizeSmsNumber('0044 7911 123456')).toBe('+447911123456');
  // Another default country for a number without a prefix.
  expect(normalizeSmsNumber('070-123 45 67', 'SE')).toBe('+46701234567');
});

it('answers null for a number that cannot receive SMS or is no number at all', () => {
  const cannot = [
    '12345678', // no Danish number starts with 1
    '2012345', // one digit short
    '201234567', // one digit too many
    '80 80 80 80', // toll-free
    '90 12 34 56', // premium rate
    '+44 20 7946 0958', // a British fixed line: never a mobile
    '',
    '   ',
    'abc',
    '{"$gt":""}',
    '2'.repeat(500),
  ];
  for (const typed of cannot) expect([typed, normalizeSmsNumber(typed)]).toEqual([typed, null]);
});

it('masks all but the last four digits for logs and lists', () => {
  expect(maskedNumber('+4520123456')).toBe('+45 •• •• 34 56');
  expect(maskedNumber('+447911123456')).toBe('+44 •••• ••3456');
  // Something that is not E.164 still gives nothing away but its end.
  expect(maskedNumber('20123456')).toBe('••••••56');
  expect(maskedNumber('')).toBe('•••');
});
