import { axisLabel } from './Chart';

describe("a chart's month names on its axis", () => {
  it('are whole for a few months and short for a year, so twelve fit side by side', () => {
    expect(axisLabel('november 2026', 1)).toBe('november 2026');
    expect(axisLabel('september 2026', 12)).toBe('sep 26');
    expect(axisLabel('maj 2025', 12)).toBe('maj 25');
    // Not a month's name (a week, a therapist): left as it is.
    expect(axisLabel('uge 45', 12)).toBe('uge 45');
  });
});
