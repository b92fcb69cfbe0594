/** What every model file shares: the clock of the timestamps (epoch milliseconds, as every time here). */
export const now = () => Date.now();
export const timestamps = { currentTime: now } as const;
