import { bookingPaymentReturnPath } from '@klinik/core';
import { paymentReturnOf } from './payment-return';

describe("the checkout's way back", () => {
  it('reads the token and whether the client gave up from the address the server makes', () => {
    const token = 'tok_abcdefghijklmnopqrstuvwxyz-_0123';
    const paid = new URL(bookingPaymentReturnPath('665f1c2e8b3a4d0012345678', token), 'http://localhost');
    expect(paid.searchParams.get('therapistId')).toBe('665f1c2e8b3a4d0012345678');
    expect(paymentReturnOf(paid.hash)).toEqual({ token, cancelled: false });
    expect(paymentReturnOf(new URL(bookingPaymentReturnPath('665f1c2e8b3a4d0012345678', token, true), 'http://localhost').hash)).toEqual({ token, cancelled: true });
  });

  it('is nothing without a token', () => {
    expect(paymentReturnOf('')).toBeNull();
    expect(paymentReturnOf('#betaling=')).toBeNull();
    expect(paymentReturnOf('#link=abc')).toBeNull();
  });
});
