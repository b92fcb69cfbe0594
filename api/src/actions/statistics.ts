/** /Statistik's figures, exports and year statement (core/src/actions/statistics.ts). Thin. */
import type { statisticsActions } from '@klinik/core';
import { exportStatistics, yearStatement } from '../domain/statistics/exports.js';
import { statistics } from '../domain/statistics/figures.js';
import type { Handlers } from './types.js';

export const statisticsHandlers: Handlers<keyof typeof statisticsActions> = {
  getStatistics: async (input, ctx) => ({ data: await statistics(ctx, input) }),
  exportStatistics: async (input, ctx) => ({ data: await exportStatistics(ctx, input) }),
  getYearStatement: async ({ year }, ctx) => ({ data: await yearStatement(ctx, year) }),
};
