/** Reset and set-password links: mailed through a real SMTP server, random, single-use and expiring. */
import { jest } from '@jest/globals';
import { messages } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { issueLinkToken } from '../src/domain/accounts/link-tokens.js';
import { registerAndLogin, uniqueEmail } from './support/fixtures.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let smtp: SmtpSink;
let t: TestApi;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // Every request here comes from 127.0.0.1: the per-address limit is rate-limits.test.ts's to check.
  t = await startTestApi({ smtpUrl: smtp.url, appUrl: 'http://localhost:3000', rateLimits: { ...DEFAULT_RATE_LIMITS, resetPassword: { points: 1000, durationSeconds: 3600 } } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const RESET = 'Nulstil din adgangskode';
const resetMailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject === RESET);

/** Waits until `count` reset mails to `email` have arrived (they go out after the answer), and answers them. */
async function resetMails(email: string, count: number): Promise<ReceivedMail[]> {
  for (let tries = 0; resetMailsTo(email).length < count && tries < 400; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
  const mails = resetMailsTo(email);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return mails;
}

function tokenFromLink(text: string): string {
  const match = /http:\/\/localhost:3000\/reset_password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No reset link in: ${text}`);
  return match[1];
}

describe('resetPassword', () => {
  it('mails a working link; the link sets a new password once and ends old sessions', async () => {
    const owner = await registerAndLogin(t);
    const answer = await t.call('resetPassword', { email: owner.email });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.resetMailSent);

    const mail = await smtp.waitForMail(owner.email, 10_000, 'Nulstil din adgangskode');
    expect(mail.subject).toBe('Nulstil din adgangskode');
    const token = tokenFromLink(mail.text);
    expect(mail.html).toContain(`reset_password?token=${token}`);
    expect(token).not.toContain(owner.therapistId);

    const reset = await t.call('resetPasswordWithToken', { resetToken: token, password: 'helt-nyt-kodeord' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password opdateret');
    expect((await t.call('login', { username: owner.email, password: 'helt-nyt-kodeord' })).status).toBe(200);
    expect((await t.call('getTherapist', {}, owner.token)).body.message).toBe('jwt expired');

    const again = await t.call('resetPasswordWithToken', { resetToken: token, password: 'tredje-kodeord' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.resetLinkInvalid);
    expect((await t.call('login', { username: owner.email, password: 'helt-nyt-kodeord' })).status).toBe(200);
  });

  it('answers every address alike, after the same work, whatever the mail server does; mails only an account', async () => {
    const owners = [await registerAndLogin(t), await registerAndLogin(t), await registerAndLogin(t), await registerAndLogin(t)];
    const unknown = owners.map(() => uniqueEmail('ukendt'));
    const answers: { known: unknown[]; unknown: unknown[] } = { known: [], unknown: [] };
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let index = 0; index < owners.length; index++) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? owners[index]!.email : unknown[index]!;
        const started = performance.now();
        const answer = await t.call('resetPassword', { email });
        times[kind].push(performance.now() - started);
        answers[kind].push([answer.status, answer.body]);
      }
    }
    expect(new Set([...answers.known, ...answers.unknown].map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify([200, { message: messages.resetMailSent }])]));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Generous: the point is no path that is many times slower (the mail is sent after the answer, not before).
    expect(median(times.known)).toBeLessThan(median(times.unknown) * 3 + 50);
    expect(median(times.unknown)).toBeLessThan(median(times.known) * 3 + 50);
    await resetMails(owners[0]!.email, 1);
    expect(smtp.mails.some((mail) => unknown.some((email) => mail.to.includes(email)))).toBe(false);

    // A mail server that fails does not show in the answer either (it would tell that there was a mail to send).
    const another = await registerAndLogin(t);
    const failing = jest.spyOn(t.api.services.mailer, 'send').mockRejectedValue(new Error('SMTP svarer ikke'));
    try {
      const known = await t.call('resetPassword', { email: another.email });
      const stranger = await t.call('resetPassword', { email: uniqueEmail('ukendt') });
      expect([known.status, known.body]).toEqual([200, { message: messages.resetMailSent }]);
      expect([stranger.status, stranger.body]).toEqual([200, { message: messages.resetMailSent }]);
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
    }
  });

  it("lets no stranger use up the owner's resets or flood the inbox: the mails the owner gets work", async () => {
    const owner = await registerAndLogin(t);
    t.clock.startFreshRateLimitWindows();
    // Twelve requests at once for the owner's address: every one answered alike, one mail in the mail interval.
    const burst = await Promise.all(Array.from({ length: 12 }, () => t.call('resetPassword', { email: owner.email })));
    expect(burst.map((answer) => answer.status)).toEqual(Array<number>(12).fill(200));
    expect(new Set(burst.map((answer) => answer.body.message))).toEqual(new Set([messages.resetMailSent]));
    // The owner asks too, later: answered, and mailed again once the interval has passed.
    t.clock.advance(DEFAULT_RATE_LIMITS['resetPassword:mail']!.durationSeconds * 1000);
    expect((await t.call('resetPassword', { email: owner.email })).status).toBe(200);
    const mails = await resetMails(owner.email, 2);
    expect(mails).toHaveLength(2);
    // Both links work until one is used.
    const [first, second] = mails.map((mail) => tokenFromLink(mail.text));
    expect((await t.call('resetPasswordWithToken', { resetToken: second!, password: 'ejerens-nye-kode' })).status).toBe(200);
    expect((await t.call('resetPasswordWithToken', { resetToken: first!, password: 'fremmedes-kode-1' })).status).toBe(400);
    expect((await t.call('login', { username: owner.email, password: 'ejerens-nye-kode' })).status).toBe(200);
  });

  it('keeps the newest three links working at once; using one ends the others', async () => {
    const owner = await registerAndLogin(t);
    for (let request = 0; request < 4; request++) {
      t.clock.advance(DEFAULT_RATE_LIMITS['resetPassword:mail']!.durationSeconds * 1000);
      expect((await t.call('resetPassword', { email: owner.email })).status).toBe(200);
      await resetMails(owner.email, request + 1);
    }
    const [oldest, second, third, newest] = resetMailsTo(owner.email).map((mail) => tokenFromLink(mail.text));
    // The fourth link ended the first; the second still works although two newer ones were mailed after it.
    expect((await t.call('resetPasswordWithToken', { resetToken: oldest!, password: 'helt-nyt-kodeord' })).status).toBe(400);
    expect((await t.call('resetPasswordWithToken', { resetToken: second!, password: 'helt-nyt-kodeord' })).status).toBe(200);
    for (const used of [third!, newest!]) expect((await t.call('resetPasswordWithToken', { resetToken: used, password: 'andet-nyt-kodeord' })).status).toBe(400);
    expect((await t.call('login', { username: owner.email, password: 'helt-nyt-kodeord' })).status).toBe(200);
  });

  it('ends a pending reset link when the password is changed from the account menu', async () => {
    const owner = await registerAndLogin(t);
    t.clock.advance(DEFAULT_RATE_LIMITS['resetPassword:mail']!.durationSeconds * 1000);
    await t.call('resetPassword', { email: owner.email });
    const token = tokenFromLink((await resetMails(owner.email, 1))[0]!.text);
    const changed = await t.call('setPassword', { oldPassword: owner.password, newPassword: 'ejerens-egen-kode' }, owner.token);
    expect(changed.status).toBe(200);
    const answer = await t.call('resetPasswordWithToken', { resetToken: token, password: 'fremmedes-kode-1' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.resetLinkInvalid);
    expect((await t.call('login', { username: owner.email, password: 'ejerens-egen-kode' })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const owner = await registerAndLogin(t);
    await t.call('resetPassword', { email: owner.email });
    const token = tokenFromLink((await smtp.waitForMail(owner.email, 10_000, 'Nulstil din adgangskode')).text);
    t.clock.advance(t.config.resetTokenTtlSeconds * 1000 + 1);
    try {
      const answer = await t.call('resetPasswordWithToken', { resetToken: token, password: 'helt-nyt-kodeord' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.resetLinkInvalid);
    } finally {
      t.clock.advance(-(t.config.resetTokenTtlSeconds * 1000 + 1));
    }
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(200);
  });

  it('refuses made-up tokens', async () => {
    const owner = await registerAndLogin(t);
    expect((await t.call('resetPasswordWithToken', { resetToken: 'A'.repeat(43), password: 'helt-nyt-kodeord' })).status).toBe(400);
    expect((await t.call('resetPasswordWithToken', { resetToken: owner.therapistId, password: 'helt-nyt-kodeord' })).status).toBe(400);
  });

  it('refuses a short new password and keeps the link usable', async () => {
    const owner = await registerAndLogin(t);
    await t.call('resetPassword', { email: owner.email });
    const token = tokenFromLink((await smtp.waitForMail(owner.email, 10_000, 'Nulstil din adgangskode')).text);
    const short = await t.call('resetPasswordWithToken', { resetToken: token, password: 'kort-kode' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Adgangskoden skal være på mindst 10 tegn, så den er svær at gætte');
    const common = await t.call('resetPasswordWithToken', { resetToken: token, password: 'QwertyUiop' });
    expect(common.body.message).toBe('Adgangskoden er en af de mest brugte og let at gætte. Vælg en anden.');
    expect((await t.call('resetPasswordWithToken', { resetToken: token, password: 'langt-nok-nu' })).status).toBe(200);
  });
});

describe('therapistSetPassword', () => {
  it('sets the password of an invited therapist from a single-use token that is no database id', async () => {
    const owner = await registerAndLogin(t);
    const { Therapist } = t.models;
    const invited = await Therapist.create({
      companyId: owner.companyId,
      username: uniqueEmail('inviteret'),
      email: 'inviteret@klinik.test',
      nameFirst: 'Ida',
      nameLast: 'Holm',
      passwordHash: null,
    });
    // Before a password is set, the account cannot sign in.
    expect((await t.call('login', { username: invited.username, password: 'hvad-som-helst' })).status).toBe(401);
    expect((await t.call('therapistSetPassword', { id: invited._id.toString(), password: 'idas-kodeord' })).status).toBe(400);

    const token = await issueLinkToken(t.models, 'setPassword', invited._id, 3600, t.clock.now());
    const answer = await t.call('therapistSetPassword', { id: token, password: 'idas-kodeord' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Password opdateret');
    expect((await t.call('login', { username: invited.username, password: 'idas-kodeord' })).status).toBe(200);
    const reused = await t.call('therapistSetPassword', { id: token, password: 'andet-kodeord' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(messages.setPasswordLinkInvalid);
  });

  it('does not accept a reset token as an invitation, nor the other way round', async () => {
    const owner = await registerAndLogin(t);
    const resetToken = await issueLinkToken(t.models, 'reset', new (await import('mongoose')).Types.ObjectId(owner.therapistId), 3600, t.clock.now());
    expect((await t.call('therapistSetPassword', { id: resetToken, password: 'idas-kodeord' })).status).toBe(400);
  });
});
