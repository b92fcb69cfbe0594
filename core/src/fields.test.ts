import { z } from 'zod';
import { cvr, email, phone, post } from './fields.js';
import { isValidPhone } from './predicates.js';
import './zod-locale.js';

describe('phone (spec 1 §5)', () => {
  it.each(['12345678', '+4512345678', '+45 12 34 56 78', '  12 34 56 78 '])('accepts %j', (value) => {
    expect(phone.safeParse(value).success).toBe(true);
    expect(isValidPhone(value)).toBe(true);
  });
  it.each(['1234567', '+45-12345678', '12345678a', '++4512345678', '', '(45)12345678'])('refuses %j', (value) => {
    const result = phone.safeParse(value);
    expect(result.success).toBe(false);
  });
  it('drops the spaces', () => {
    expect(phone.parse('+45 12 34 56 78')).toBe('+4512345678');
  });
});

describe('email', () => {
  it('accepts ordinary addresses and refuses broken ones with the Danish message', () => {
    expect(email.parse(' Mette@Klinik.dk ')).toBe('Mette@Klinik.dk');
    const broken = email.safeParse('mette@');
    expect(broken.success).toBe(false);
    expect(broken.error?.issues[0]?.message).toBe('Ugyldigt e-mailadresseformat');
  });
});

describe('CVR and post', () => {
  it('take numbers or digit strings and keep them as digit strings', () => {
    expect(cvr.parse(12345678)).toBe('12345678');
    expect(cvr.parse(undefined)).toBeUndefined();
    expect(post.parse('0800')).toBe('0800');
    expect(post.parse(5970)).toBe('5970');
  });
  it('refuse letters, too many digits and objects', () => {
    expect(cvr.safeParse('123456789').success).toBe(false);
    expect(cvr.safeParse('12a').success).toBe(false);
    expect(post.safeParse('').success).toBe(false);
    expect(post.safeParse({ $gt: '' }).success).toBe(false);
  });
});

describe('zod messages', () => {
  it('are Danish for wrong types', () => {
    const result = z.strictObject({ name: z.string() }).safeParse({ name: 1, extra: true });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message).join(' ')).toMatch(/forventede|Ugyldig|Ukendt/i);
  });
});
