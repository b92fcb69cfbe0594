import { isCommonPassword, PASSWORD_TOO_COMMON } from './common-passwords.js';
import { newPassword } from './fields.js';
import { messages } from './messages.js';

it('knows the common passwords in any case and with surrounding spaces, and not an ordinary long one', () => {
  expect(isCommonPassword('qwertyuiop')).toBe(true);
  expect(isCommonPassword('QWERTYuiop')).toBe(true);
  expect(isCommonPassword(' password123 ')).toBe(true);
  expect(isCommonPassword('Adgangskode123')).toBe(true);
  expect(isCommonPassword('blå-hest-på-taget')).toBe(false);
});

it('makes the new-password rule refuse short and common passwords with Danish reasons', () => {
  const reason = (password: string) => {
    const checked = newPassword.safeParse(password);
    return checked.success ? null : checked.error.issues[0]?.message;
  };
  expect(reason('kort-kode')).toBe(messages.passwordTooShort);
  expect(messages.passwordTooShort).toBe('Adgangskoden skal være på mindst 10 tegn, så den er svær at gætte');
  expect(reason('1234567890')).toBe(PASSWORD_TOO_COMMON);
  expect(reason('Velkommen123')).toBe(PASSWORD_TOO_COMMON);
  expect(reason('blå-hest-på-taget')).toBeNull();
});
