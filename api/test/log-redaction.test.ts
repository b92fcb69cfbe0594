/**
 * Logs never carry a CPR number (docs/architecture.md, 'Health data at rest'): a request of every action with
 * CPR-shaped input, anonymous and signed in (so refusals and validation errors too), and an error logged with CPR in
 * its message, fields and nested body, leave nothing CPR-shaped in the captured output.
 */
import { Writable } from 'node:stream';
import { actions } from '@klinik/core';
import { createLogger } from '../src/logger.js';
import { clinicWithTrial } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const CPR_LEAK = /010190-?1234|"010190"|"1234"/;

const cprInput = {
  CPR: '010190-1234',
  CPR6Digit: '010190',
  CPRLast4Digit: '1234',
  cpr: '0101901234',
  search: '0101901234',
  name: 'Signe 010190-1234',
  id: '0101901234',
  clientId: '010190-1234',
  client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234' },
};

it('logs a request of every action with CPR-shaped input without any CPR number', async () => {
  const owner = await clinicWithTrial(t);
  const names = Object.keys(actions);
  expect(names.length).toBeGreaterThan(50);
  for (const action of names) {
    await t.post({ ...cprInput, action });
    await t.post({ ...cprInput, action, token: owner.token });
  }
  const text = t.logs.join('\n');
  // The requests were logged (each action by name), and none of them left a CPR number.
  for (const action of names) expect(text).toContain(`"action":"${action}"`);
  expect(text).not.toMatch(CPR_LEAK);
});

it('masks CPR numbers in messages, errors, stacks and nested fields of any log call', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger('info', sink);
  const error = new Error('Klient 010190-1234 kunne ikke gemmes');
  logger.error({ err: error, body: { client: { CPR6Digit: '010190', CPRLast4Digit: '1234' } }, cprKey: '0101901234', note: 'cpr 0101901234' }, 'besked om 010190-1234');
  logger.warn({ input: { CPR: '0101901234', search: '010190 1234' } }, 'search');
  const text = lines.join('\n');
  expect(lines).toHaveLength(2);
  expect(text).toContain('[cpr skjult]');
  expect(text).toContain('[skjult]');
  expect(text).not.toMatch(CPR_LEAK);
  // Longer numbers (epoch-millisecond times, amounts in øre) are not masked.
  logger.info({ at: 1795000000000 }, 'time');
  expect(lines[2]).toContain('1795000000000');
});
