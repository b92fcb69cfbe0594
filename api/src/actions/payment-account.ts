/** The clinic's own payment account (core/src/actions/payment-account.ts). Thin. */
import type { paymentAccountActions } from '@klinik/core';
import { paymentAccountStatus, setPaymentAccount } from '../domain/payment-account/account.js';
import type { Handlers } from './types.js';

export const paymentAccountHandlers: Handlers<keyof typeof paymentAccountActions> = {
  getClinicPaymentAccount: async (_input, ctx) => ({ data: await paymentAccountStatus(ctx) }),
  setClinicPaymentAccount: (input, ctx) => setPaymentAccount(ctx, input),
};
