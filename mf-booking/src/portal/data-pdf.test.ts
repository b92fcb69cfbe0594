import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { valueText } from './data-pdf';

describe("the data PDF's values", () => {
  const at = Date.UTC(2026, 10, 29, 15, 4);
  const danish = `${formatDanishDate(at)} ${formatCopenhagenTime(at)}`;

  it('writes instants as Danish dates, whether the export gave a number or an ISO string', () => {
    expect(valueText('createdAt', at)).toBe(danish);
    expect(valueText('start', new Date(at).toISOString())).toBe(danish);
    expect(danish).not.toContain('2026-11-29');
  });

  it('leaves other text, and numbers that are not times, as they are', () => {
    expect(valueText('name', 'Anna 2026-11-29')).toBe('Anna 2026-11-29');
    expect(valueText('postcode', 8000)).toBe('8000');
    expect(valueText('active', true)).toBe('ja');
    expect(valueText('phone', '')).toBe('–');
  });
});
