import { fieldErrorsFromIssues } from './errors.js';
import { companyProfileInputSchema, logoFileProblem } from './company.js';
import './zod-locale.js';

const VALID = {
  companyName: 'Fysio Ærø',
  email: 'kontakt@fysio-aeroe.dk',
  mobilePay: '12345',
  CVR: '12345678',
  phone: '62521234',
  moms: true,
  address: 'Havnegade 1',
  town: 'Ærøskøbing',
  post: '5970',
  regNumber: '1234',
  accountNumber: '0012345678',
};

function errorsOf(input: unknown): Record<string, string> {
  const parsed = companyProfileInputSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
}

describe('the company profile (spec 3 §5)', () => {
  it('accepts a full profile and keeps number fields as digits (leading zeros survive)', () => {
    expect(companyProfileInputSchema.parse(VALID)).toMatchObject({ accountNumber: '0012345678', post: '5970', mobilePay: '12345' });
  });

  it('takes the optional fields empty or left out', () => {
    const { mobilePay: _m, CVR: _c, regNumber: _r, accountNumber: _a, moms: _v, ...required } = VALID;
    expect(companyProfileInputSchema.parse(required)).toMatchObject({ mobilePay: '', regNumber: '', accountNumber: '' });
    expect(errorsOf({ ...VALID, mobilePay: '', CVR: '', regNumber: '', accountNumber: '' })).toEqual({});
  });

  it('says per field what is wrong, in Danish', () => {
    expect(errorsOf({ ...VALID, companyName: ' ', address: '', town: '', post: '' })).toEqual({
      companyName: 'Firmanavn er påkrævet',
      address: 'Adresse er påkrævet',
      town: 'By er påkrævet',
      post: 'Postnummer er påkrævet',
    });
    expect(errorsOf({ ...VALID, companyName: 'x'.repeat(101), town: 'x'.repeat(101) })).toEqual({
      companyName: 'Firmanavn må højst være 100 tegn',
      town: 'By må højst være 100 tegn',
    });
    expect(errorsOf({ ...VALID, CVR: '1234567a' }).CVR).toBe('CVR skal være et heltal på højst 8 cifre');
    expect(errorsOf({ ...VALID, CVR: '123456789' }).CVR).toBe('CVR skal være et heltal på højst 8 cifre');
    expect(errorsOf({ ...VALID, post: '12345678a' }).post).toBe('Postnummer skal være et heltal på højst 8 cifre');
    expect(errorsOf({ ...VALID, phone: '1234' }).phone).toBe('Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +');
    expect(errorsOf({ ...VALID, phone: '1'.repeat(21) }).phone).toBe('Telefonnummer må højst være 20 tegn');
    expect(errorsOf({ ...VALID, regNumber: '12345' }).regNumber).toBe('Reg.nr. skal være et tal med højst 4 cifre');
    expect(errorsOf({ ...VALID, accountNumber: '12345678901' }).accountNumber).toBe('Kontonummer skal være et tal med højst 10 cifre');
  });

  it("uses the spec's e-mail texts: required, then format", () => {
    expect(errorsOf({ ...VALID, email: '  ' }).email).toBe('Personlige oplysninger i e-mail påkrævet');
    expect(errorsOf({ ...VALID, email: 'kontakt@' }).email).toBe('Ugyldigt e-mailadresseformat');
    expect(errorsOf({ ...VALID, email: `${'a'.repeat(96)}@x.dk` }).email).toBe('E-mail må højst være 100 tegn');
  });

  it('takes MobilePay as a number only (spaces dropped), at most 100 digits', () => {
    expect(companyProfileInputSchema.parse({ ...VALID, mobilePay: '12 34 56 78' }).mobilePay).toBe('12345678');
    expect(companyProfileInputSchema.parse({ ...VALID, mobilePay: 12345 }).mobilePay).toBe('12345');
    expect(errorsOf({ ...VALID, mobilePay: 'ring til mig' }).mobilePay).toBe('MobilePay skal være et tal med højst 100 cifre');
    expect(errorsOf({ ...VALID, mobilePay: '+4512345678' }).mobilePay).toBe('MobilePay skal være et tal med højst 100 cifre');
    expect(errorsOf({ ...VALID, mobilePay: '1'.repeat(101) }).mobilePay).toBe('MobilePay skal være et tal med højst 100 cifre');
    expect(errorsOf({ ...VALID, mobilePay: '1'.repeat(100) })).toEqual({});
  });

  it("takes 'Betalingsfrist' as whole days from 0 to 90, typed or as a number, and leaves it out when not sent", () => {
    expect(companyProfileInputSchema.parse({ ...VALID, dueDays: '14' }).dueDays).toBe(14);
    expect(companyProfileInputSchema.parse({ ...VALID, dueDays: 0 }).dueDays).toBe(0);
    expect(companyProfileInputSchema.parse(VALID).dueDays).toBeUndefined();
    for (const wrong of ['', '8,5', '91', -1, 8.5, '1e1', '0x10', { $gt: 0 }, null]) {
      expect(errorsOf({ ...VALID, dueDays: wrong })).toEqual({ dueDays: 'Betalingsfrist skal være et helt antal dage fra 0 til 90' });
    }
  });

  it('refuses wrong types, operators and unknown fields', () => {
    expect(errorsOf({ ...VALID, CVR: { $gt: '' } }).CVR).toBeDefined();
    expect(errorsOf({ ...VALID, mobilePay: { $ne: null } }).mobilePay).toBeDefined();
    expect(errorsOf({ ...VALID, moms: 'ja' }).moms).toBeDefined();
    expect(errorsOf({ ...VALID, logo: 'data:image/png;base64,AAAA' })._).toBeDefined();
  });
});

describe('the logo file (spec 3 §5, §8)', () => {
  it('takes JPG, JPEG and PNG of at most 5,120,000 bytes', () => {
    expect(logoFileProblem({ name: 'logo.PNG', size: 5_120_000 })).toBeNull();
    expect(logoFileProblem({ name: 'logo.jpeg', size: 1 })).toBeNull();
    expect(logoFileProblem({ name: 'logo.jpg', size: 1 })).toBeNull();
  });
  it("refuses a larger file with the spec's text and another type with ours", () => {
    expect(logoFileProblem({ name: 'logo.png', size: 5_120_001 })).toBe('Fejl: Filstørrelsen er for stor. Upload fil mindre end 5 MB.');
    expect(logoFileProblem({ name: 'logo.gif', size: 10 })).toBe('Logoet skal være en JPG, JPEG eller PNG fil');
    expect(logoFileProblem({ name: 'png', size: 10 })).toBe('Logoet skal være en JPG, JPEG eller PNG fil');
  });
});
