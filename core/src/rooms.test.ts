import { resourcesFree, startsWithResources } from './rooms.js';

const H = 3_600_000;
const busy = new Map([
  ['room-1', [{ from: 9 * H, to: 10 * H }]],
  ['room-2', [{ from: 9.5 * H, to: 11 * H }]],
  ['device', [{ from: 14 * H, to: 15 * H }]],
]);

describe('starts with the rooms and equipment a treatment needs', () => {
  it('keeps a start while one of its rooms is free for the whole booking', () => {
    const needs = { rooms: ['room-1', 'room-2'], equipment: [] };
    // 08:30–09:30 overlaps room 1 (09–10), but room 2 is free until 09:30; 09:00 and 09:30 find both taken.
    expect(startsWithResources([8.5 * H, 9 * H, 9.5 * H, 10 * H], H, needs, busy)).toEqual([8.5 * H, 10 * H]);
  });

  it('needs every piece of equipment, and ends touching a booking are free', () => {
    const needs = { rooms: [], equipment: ['device'] };
    expect(startsWithResources([13 * H, 13.5 * H, 15 * H], H, needs, busy)).toEqual([13 * H, 15 * H]);
    expect(resourcesFree({ rooms: ['room-1'], equipment: ['device'] }, { from: 14 * H, to: 15 * H }, busy)).toBe(false);
  });

  it('leaves every start when nothing is needed', () => {
    expect(startsWithResources([9 * H], H, { rooms: [], equipment: [] }, busy)).toEqual([9 * H]);
  });
});
