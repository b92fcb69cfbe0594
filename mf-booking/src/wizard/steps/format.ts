import { copenhagenDateKey } from '@klinik/core/time';

/** 'mandag 23. marts' in Copenhagen time, as the wizard titles a day. */
export const dayTitle = new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' });

/** Free times grouped by Copenhagen day, in order; each day titled by its first time (the wizard's and the portal's). */
export function byDay(times: readonly number[]): { key: string; title: string; starts: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const start of times) groups.set(copenhagenDateKey(start), [...(groups.get(copenhagenDateKey(start)) ?? []), start]);
  return [...groups.entries()].map(([key, starts]) => ({ key, title: dayTitle.format(starts[0]), starts }));
}
