import { digitsOnly, oneChange, phoneDigits, validateStamdata } from './stamdata';

describe('Stamdata rules before a save', () => {
  it('refuses emptied required fields and wrong CPR parts, never the modulus-11 check', () => {
    expect(validateStamdata('nameFirst', '  ')).toBe('Fornavn er påkrævet');
    expect(validateStamdata('CPR6Digit', '0101')).toBe('Fødselsdag skal være 6 cifre.');
    expect(validateStamdata('CPR6Digit', '310290')).toBe('Fødselsdagen skal være en rigtig dato (ddmmåå).');
    expect(validateStamdata('CPR6Digit', '010203')).toBeNull();
    expect(validateStamdata('CPRLast4Digit', '12')).toBe('De sidste 4 cifre i dit CPR nr skal bestå af 4 tegn.');
    expect(validateStamdata('CPRLast4Digit', '0000')).toBeNull();
  });
  it('lets optional fields be empty but checks what is written', () => {
    expect(validateStamdata('email', '')).toBeNull();
    expect(validateStamdata('email', 'ikke-en-mail')).toBe('Invalid email adresse');
    expect(validateStamdata('phoneWork', '')).toBeNull();
    expect(validateStamdata('phoneWork', '1234')).toBe('Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +');
    expect(validateStamdata('children', '2b')).toBe('Antal børn må kun indeholde tal');
    expect(validateStamdata('reminder', true)).toBeNull();
  });
  it('keeps digits only in number fields and phones', () => {
    expect(digitsOnly('12a34567', 6)).toBe('123456');
    expect(phoneDigits('+45 20-30 40 50')).toBe('+4520304050');
    expect(oneChange('town', 'Roskilde')).toEqual({ town: 'Roskilde' });
  });
});
