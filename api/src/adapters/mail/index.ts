/**
 * Mail: SMTP through nodemailer when SMTP_URL is set (production, and the tests' real SMTP server); otherwise a
 * development outbox stored in the database and viewable at http://localhost:4000/dev/outbox.
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Models } from '../../models/index.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** A deterministic Message-ID (a message job's), so a retried mail is recognisably the same mail. */
  messageId?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Sends a notice whose failure must not undo what was done (a booking, a course seat stands even when the mail
 * server is down): the failure is logged for support instead of failing the action.
 */
export async function sendNotice(services: { mailer: Mailer; logger: Logger }, message: MailMessage, what: string): Promise<void> {
  await services.mailer.send(message).catch((error: unknown) => services.logger.error({ err: error }, `${what} mail failed`));
}

/**
 * SMTP through one pooled transport (a few connections reused, so a 2,000-recipient newsletter does not open 2,000
 * connections), with timeouts well inside the message jobs' lease (jobs/message-runner.ts).
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(models: Models, logger: Logger, outboxUrl: string): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const to = Array.isArray(message.to) ? message.to : [message.to];
      const attachments = (message.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.content.length,
        text: attachment.contentType.startsWith('text/') ? attachment.content.toString('utf8') : null,
      }));
      await models.OutboxMail.create({ to, subject: message.subject, text: message.text, html: message.html ?? null, attachments });
      logger.info({ subject: message.subject, recipients: to.length }, `mail placed in the development outbox: ${outboxUrl}`);
    },
    async close() {},
  };
}
