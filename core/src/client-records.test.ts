import {
  cameraFileName,
  dedupeTags,
  formatGb,
  formatPhonePairs,
  hasImageExtension,
  isCommentEditable,
  isCprBirthdayInFuture,
  isFieldEditable,
  isJournalEditable,
  isStorageWarning,
  shortFileName,
  wouldExceedStorage,
} from './client-records.js';

const HOUR = 3_600_000;

describe('the 24-hour windows', () => {
  it('keeps a journal open until exactly 24 hours after the booking ended', () => {
    expect(isJournalEditable(1_000, 1_000 + 24 * HOUR - 1)).toBe(true);
    expect(isJournalEditable(1_000, 1_000 + 24 * HOUR)).toBe(false);
  });
  it('keeps a field open without a first input, and for 24 hours after it', () => {
    expect(isFieldEditable(null, 10 ** 13)).toBe(true);
    expect(isFieldEditable(0, 24 * HOUR - 1)).toBe(true);
    expect(isFieldEditable(0, 24 * HOUR)).toBe(false);
    expect(isCommentEditable(5, 5 + 24 * HOUR)).toBe(false);
  });
});

describe('images and storage', () => {
  it('accepts only jpeg, jpg, gif and png names', () => {
    expect(['a.JPG', 'b.jpeg', 'c.gif', 'd.png'].every(hasImageExtension)).toBe(true);
    expect(['a.exe', 'jpg', 'a.jpg.exe', 'a.webp'].some(hasImageExtension)).toBe(false);
  });
  it('shows GB with two decimals and warns above 80%', () => {
    expect(formatGb(1024 ** 3 * 1.5)).toBe('1,50');
    expect(isStorageWarning(80, 100)).toBe(false);
    expect(isStorageWarning(81, 100)).toBe(true);
    expect(wouldExceedStorage(90, 9, 100)).toBe(false);
    expect(wouldExceedStorage(90, 10, 100)).toBe(true);
  });
  it('cuts long names and names camera pictures after the client', () => {
    expect(shortFileName('a'.repeat(25))).toBe(`${'a'.repeat(20)}…`);
    expect(cameraFileName('Søren', 'Ærø', 42)).toBe('soeren_aeroe_42.jpg');
  });
});

describe('client fields', () => {
  it('de-duplicates tags ignoring case and blanks', () => {
    expect(dedupeTags(['Ryg', ' ryg', '', 'Nakke', 'NAKKE'])).toEqual(['Ryg', 'Nakke']);
  });
  it('masks phones in pairs', () => {
    expect(formatPhonePairs('12345678')).toBe('12 34 56 78');
    expect(formatPhonePairs('+4512345678')).toBe('+45 12 34 56 78');
  });
  it('refuses a birthday in the future', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(isCprBirthdayInFuture('241126', now)).toBe(true);
    expect(isCprBirthdayInFuture('221126', now)).toBe(false);
    expect(isCprBirthdayInFuture('010190', now)).toBe(false);
  });
});
