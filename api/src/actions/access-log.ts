/** The access log (core/src/actions/access-log.ts): the owner's views and the client page's print. Thin. */
import type { accessLogActions } from '@klinik/core';
import { accessLog, clientAccessLog } from '../domain/access-log/queries.js';
import { visibleClient } from '../domain/clients/clients.js';
import type { Handlers } from './types.js';

export const accessLogHandlers: Handlers<keyof typeof accessLogActions> = {
  getAccessLog: (input, ctx) => accessLog(ctx, input),
  async getClientAccessLog(input, ctx) {
    await visibleClient(ctx, input.clientId);
    return clientAccessLog(ctx, input);
  },
  // The page prints what it already shows; the call is there so the print is logged (the contract's `accessLog`).
  async logClientPrint(input, ctx) {
    await visibleClient(ctx, input.clientId);
    return {};
  },
};
