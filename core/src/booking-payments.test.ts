import { bookingPaymentReturnPath, bookingPaymentRule } from './booking-payments.js';

describe('bookingPaymentRule', () => {
  it('names the notice and the fee (one full stop after kr.), or that the money is not returned', () => {
    expect(bookingPaymentRule(24, 30_000)).toBe('Afbestilling senest 24 timer før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse opkræves et gebyr på 300,00 kr.');
    expect(bookingPaymentRule(1, 0)).toBe('Afbestilling senest 1 time før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse får du ikke pengene tilbage.');
    expect(bookingPaymentRule(0, 12_345)).toBe('Afbestilling inden tiden begynder: du får pengene tilbage. Ved senere afbestilling eller udeblivelse opkræves et gebyr på 123,45 kr.');
  });
});

describe('bookingPaymentReturnPath', () => {
  it('puts the status token in the fragment (never sent to a server) of the booking page', () => {
    expect(bookingPaymentReturnPath('abc', 'tok')).toBe('/OnlineBooking?therapistId=abc#betaling=tok');
    expect(bookingPaymentReturnPath('abc', 'tok', true)).toBe('/OnlineBooking?therapistId=abc#betaling=tok&afbrudt=1');
  });
});
