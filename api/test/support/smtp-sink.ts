/**
 * A real SMTP server (smtp-server) that keeps what it receives, parsed by mailparser, for tests that must see
 * a mail arrive: the API sends to it through its ordinary SMTP adapter.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** `contentTypeParams`: the parameters of the attachment's Content-Type (a calendar file's `method`). */
  attachments: { filename: string; contentType: string; contentTypeParams: Record<string, string>; content: Buffer }[];
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `address` that arrives (or has arrived), waiting up to `timeoutMs`. */
  /** The first mail to `address` (with this subject, when given), waiting for it if none came yet. */
  waitForMail(address: string, timeoutMs?: number, subject?: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function toReceived(parsed: ParsedMail, recipients: string[]): ReceivedMail {
  return {
    to: recipients,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      contentTypeParams: (attachment.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params ?? {},
      content: attachment.content,
    })),
  };
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: { address: string; subject?: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      simpleParser(stream)
        .then((parsed) => {
          const mail = toReceived(parsed, recipients);
          mails.push(mail);
          for (const waiter of [...waiters]) {
            if (recipients.includes(waiter.address) && (waiter.subject === undefined || waiter.subject === mail.subject)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    waitForMail(address, timeoutMs = 10_000, subject) {
      const wanted = address.toLowerCase();
      const existing = mails.find((mail) => mail.to.includes(wanted) && (subject === undefined || mail.subject === subject));
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          address: wanted,
          subject,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
