/** Reset and set-password links: mailed through a real SMTP server, random, single-use and expiring. */
import { messages } from '@klinik/core';
import { issueLinkToken } from '../src/domain/accounts/link-tokens.js';
import { registerAndLogin, uniqueEmail } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let smtp: SmtpSink;
let t: TestApi;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApi({ smtpUrl: smtp.url, appUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

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
    expect(answer.body.message).toBe(`Der er blevet sendt en mail til ${owner.email}`);

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

  it("answers 'Der findes ingen konto tilknyttet denne email' for an unknown address and sends nothing", async () => {
    const email = uniqueEmail('ukendt');
    const answer = await t.call('resetPassword', { email });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Der findes ingen konto tilknyttet denne email');
    expect(smtp.mails.some((mail) => mail.to.includes(email))).toBe(false);
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

  it('makes an earlier link useless when a new one is asked for, and refuses made-up tokens', async () => {
    const owner = await registerAndLogin(t);
    await t.call('resetPassword', { email: owner.email });
    const first = tokenFromLink((await smtp.waitForMail(owner.email, 10_000, 'Nulstil din adgangskode')).text);
    const before = smtp.mails.length;
    await t.call('resetPassword', { email: owner.email });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before + 1);
    expect((await t.call('resetPasswordWithToken', { resetToken: first, password: 'helt-nyt-kodeord' })).status).toBe(400);
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
