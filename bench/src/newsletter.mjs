/**
 * The newsletter figure: how long a 2,000-recipient newsletter takes from 'send' until the last mail is in
 * a real SMTP server (smtp-server, started here), through the API's message jobs as production runs them.
 */
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { Types } from 'mongoose';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server that keeps each mail's raw text and the time it arrived. */
export async function startSmtpSink(port) {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ at: Date.now(), to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The parsed text of the latest mail to `address`. */
    async textTo(address) {
      const mail = [...mails].reverse().find((item) => item.to.includes(address.toLowerCase()));
      return mail ? (await simpleParser(mail.raw)).text ?? '' : '';
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** `count` clients with newsletter on and an e-mail, written straight into the clinic's data. */
export async function seedNewsletterClients(root, mongodbUri, { companyId, therapistId, count }) {
  const { connectDatabase } = await import(path.join(root, 'api', 'dist', 'db', 'connect.js'));
  const conn = await connectDatabase(mongodbUri);
  const company = new Types.ObjectId(companyId);
  const owner = new Types.ObjectId(therapistId);
  const clients = Array.from({ length: count }, (_, index) => ({
    _id: new Types.ObjectId(),
    companyId: company,
    createdBy: owner,
    nameFirst: 'Klient',
    nameLast: String(index),
    email: `klient-${index}@bench.test`,
    newsletter: true,
    reminder: false,
    followUp: false,
    cprKey: `bench-${company.toHexString()}-${index}`,
    createdAt: Date.now(),
  }));
  for (let index = 0; index < clients.length; index += 1000) await conn.collection('clients').insertMany(clients.slice(index, index + 1000), { ordered: false });
  await conn.close();
}

/** Sends a newsletter to all `count` clients and waits until the SMTP server has every mail. */
export async function newsletterFigures(call, token, sink, count) {
  const subject = `Bench-nyhedsbrev ${Date.now()}`;
  const added = await call({ action: 'addNewsletter', token, subject, message: '<p>Hej. <strong>Forårstilbud</strong> på massage i april.</p>' });
  const before = sink.mails.length;
  const started = Date.now();
  const sent = await call({ action: 'sendNewsletterToAll', token, id: added.data.id });
  if (!sent.data) throw new Error(`sendNewsletterToAll: ${JSON.stringify(sent)}`);
  const answeredMs = Date.now() - started;
  const deadline = started + 15 * 60_000;
  while (sink.mails.length - before < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  const arrived = sink.mails.length - before;
  const lastMs = (sink.mails.at(-1)?.at ?? Date.now()) - started;
  const progress = await call({ action: 'getNewsletterSends', token, newsletterId: added.data.id });
  return { recipients: sent.data.recipients, answeredMs, arrived, lastMs, state: progress.data?.[0] };
}
