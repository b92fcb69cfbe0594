/**
 * No CPR number in any log: every action is called with CPR-shaped input in every usual field, as a
 * stranger and as a signed-in owner, with the log at its most talkative; the captured log holds none of the numbers.
 * The redaction itself masks CPR-shaped values in any string (messages, error stacks) and fields named like a CPR
 * number or a secret, however deep.
 */
import { Writable } from 'node:stream';
import { actions, type ActionName } from '@klinik/core';
import { createLogger, redactForLog } from '../src/logger.js';
import { clinicWithTrial } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const NUMBERS = ['0101901234', '010190-1234', '3112999876', '311299-9876'];
const leaks = (text: string) => NUMBERS.filter((number) => text.includes(number));

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ logLevel: 'trace' });
});
afterAll(async () => {
  await t.close();
});

it('masks CPR-shaped values and CPR- or secret-named fields, deep and in errors', () => {
  const error = new Error('Klienten 010190-1234 findes ikke');
  const masked = JSON.stringify(
    redactForLog({ body: { CPR: '0101901234', note: 'ring til 311299-9876', nested: [{ cpr6Digit: '010190', password: 'x' }] }, err: error, phone: '+45 12345678', id: '6b04b243cf8749de5d5feddc', at: 1795468263655 }),
  );
  expect(leaks(masked)).toEqual([]);
  expect(masked).not.toContain('010190"');
  expect(masked).toContain('+45 12345678');
  expect(masked).toContain('6b04b243cf8749de5d5feddc');
  expect(masked).toContain('1795468263655');
  expect(masked).toContain('Klienten [skjult] findes ikke');
});

it('writes no CPR number to the log when any action is called with CPR-shaped input', async () => {
  const owner = await clinicWithTrial(t);
  const input = {
    CPR: NUMBERS[0],
    CPR6Digit: '010190',
    CPRLast4Digit: '1234',
    search: NUMBERS[1],
    name: NUMBERS[2],
    note: `Klient ${NUMBERS[3]}`,
    username: NUMBERS[1],
    email: `${NUMBERS[0]}@example.dk`,
    client: { nameFirst: NUMBERS[1], nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '12345678' },
    changes: { CPR6Digit: '311299', CPRLast4Digit: '9876', town: NUMBERS[3] },
  };
  for (const action of Object.keys(actions) as ActionName[]) {
    if (action === 'logout') continue;
    await t.post({ action, ...input });
    await t.post({ action, ...input, token: owner.token });
  }
  // An unknown action and malformed JSON echo nothing of the body either.
  await t.post({ action: NUMBERS[1] });
  await t.post(`{"action":"login","username":"${NUMBERS[0]}",`, { raw: true });
  const text = t.logs.join('');
  expect(text.length).toBeGreaterThan(0);
  expect(leaks(text)).toEqual([]);
});

it('redacts what a log call passes by mistake, through the real logger', () => {
  const lines: string[] = [];
  const logger = createLogger('info', new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
  logger.info({ body: { CPR: NUMBERS[0], text: `CPR ${NUMBERS[1]}` } }, `besked om ${NUMBERS[3]}`);
  logger.error({ err: new Error(`fejl for ${NUMBERS[2]}`) }, 'unexpected error');
  logger.warn(`kun tekst ${NUMBERS[1]}`);
  const text = lines.join('');
  expect(lines).toHaveLength(3);
  expect(leaks(text)).toEqual([]);
  expect(text).toContain('unexpected error');
});

it('masks what a serializer adds too: the finished line is the last step', async () => {
  const { maskCprShaped } = await import('../src/logger.js');
  expect(maskCprShaped('{"msg":"Klient 010190-1234 og 3112999876","at":1795000000000}')).toBe('{"msg":"Klient [skjult] og [skjult]","at":1795000000000}');
});
