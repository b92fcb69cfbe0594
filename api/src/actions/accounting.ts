/** The accounting integration (core/src/actions/accounting.ts). Thin. */
import { accountingMessages, type accountingActions } from '@klinik/core';
import { accountingStatus, connectAndTransfer, connectionUrl, disconnect, syncNow } from '../domain/accounting/connection.js';
import { findTransfer } from '../domain/accounting/runs.js';
import type { Handlers } from './types.js';

export const accountingHandlers: Handlers<keyof typeof accountingActions> = {
  getVismaConnectUrl: async (input, ctx) => ({ message: accountingMessages.toConsent, url: await connectionUrl(ctx, input) }),
  updateClientDineroData: (input, ctx) => connectAndTransfer(ctx, input),
  syncDinero: (_input, ctx) => syncNow(ctx),
  getAccountingTransfer: async (input, ctx) => ({ data: await findTransfer(ctx, input.number) }),
  async disconnectDinero(_input, ctx) {
    await disconnect(ctx.db);
    return { message: accountingMessages.disconnected };
  },
  getDineroStatus: async (_input, ctx) => ({ data: await accountingStatus(ctx) }),
};
