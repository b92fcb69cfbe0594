/** Danish number formatting. Money is integer øre everywhere and formatted only for display. */

const thousands = /\B(?=(\d{3})+(?!\d))/g;

/** 123450 øre → '1.234,50 kr.' */
export function formatKroner(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new RangeError('Money must be whole øre');
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100).toString().replace(thousands, '.');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${kroner},${rest} kr.`;
}

/** Bytes → '1,23 GB' with two decimals (storage panels). */
export function formatGigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(2).replace('.', ',')} GB`;
}

/** A phone number in pairs of digits, as the intake form's mask shows it (spec 2 §5): '+4512345678' → '+45 12 34 56 78'. */
export function formatPhonePairs(value: string): string {
  const plus = value.trim().startsWith('+') ? '+' : '';
  const digits = value.replace(/\D/g, '');
  return plus + (digits.match(/.{1,2}/g) ?? []).join(' ');
}
