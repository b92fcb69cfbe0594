import { draftErrors, draftOf, logoPlacement, safeReturnPath } from './form';

const PROFILE = {
  companyName: 'Fysio Ærø',
  email: 'kontakt@fysio-aeroe.dk',
  mobilePay: '',
  CVR: '',
  phone: '62521234',
  moms: true,
  address: 'Havnegade 1',
  town: 'Ærøskøbing',
  post: '5970',
  regNumber: '',
  accountNumber: '',
  dueDays: 8,
  logo: 'data:image/png;base64,AAAA',
};

describe('the settings form', () => {
  it('edits the profile without its logo and passes a complete draft', () => {
    const draft = draftOf(PROFILE);
    expect(draft).not.toHaveProperty('logo');
    expect(draftErrors(draft)).toEqual({});
  });

  it("says what the server would say, field by field", () => {
    const draft = { ...draftOf(PROFILE), CVR: '12ab', mobilePay: 'ring', email: '', regNumber: '12345', dueDays: '91' };
    expect(draftErrors(draft)).toEqual({
      CVR: 'CVR skal være et heltal på højst 8 cifre',
      mobilePay: 'MobilePay skal være et tal med højst 100 cifre',
      email: 'Personlige oplysninger i e-mail påkrævet',
      regNumber: 'Reg.nr. skal være et tal med højst 4 cifre',
      dueDays: 'Betalingsfrist skal være et helt antal dage fra 0 til 90',
    });
  });

  it("holds 'Betalingsfrist' as typed and sends it for the server to read", () => {
    expect(draftOf(PROFILE).dueDays).toBe('8');
    expect(draftErrors({ ...draftOf(PROFILE), dueDays: '14' })).toEqual({});
  });
});

describe('the way back (returnTo)', () => {
  it('takes paths inside the app', () => {
    expect(safeReturnPath('/Faktura?bookingId=0123456789abcdef01234567')).toBe('/Faktura?bookingId=0123456789abcdef01234567');
    expect(safeReturnPath('/Kalender')).toBe('/Kalender');
  });
  it.each([null, '', 'Faktura', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/x\u0000', '/Settings?returnTo=/Settings', `/${'a'.repeat(2001)}`])(
    'drops %j',
    (raw) => {
      expect(safeReturnPath(raw)).toBeNull();
    },
  );
});

describe('the logo on the invoice', () => {
  it('fits 50 × 16 mm keeping proportions, as the PDF draws it', () => {
    expect(logoPlacement(600, 200)).toEqual({ width: 48, height: 16, titleBaseline: 38 });
    expect(logoPlacement(600, 60)).toEqual({ width: 50, height: 5, titleBaseline: 27 });
    // A small logo is enlarged to the box, as jsPDF does.
    expect(logoPlacement(100, 100)).toEqual({ width: 16, height: 16, titleBaseline: 38 });
  });
});
