/**
 * The development SMS gateway: each message is stored in the database (OutboxSms) and shown at /dev/outbox beside the
 * mails; nothing leaves the machine. The message's reference is the document's `_id`, so sending the same message
 * again (a job retried after a crash) keeps the one document and answers 'sent' as the first time did.
 */
import type { Logger } from 'pino';
import { messageSkipReasons } from '@klinik/core';
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';
import { isE164, maskedNumber } from './numbers.js';
import { SmsTransientError, type SmsGateway } from './index.js';

export function createOutboxSmsGateway(models: Models, logger: Logger, outboxUrl: string): SmsGateway {
  return {
    kind: 'outbox',
    async send(message) {
      if (!isE164(message.to)) return { status: 'rejected', reason: messageSkipReasons.notSmsCapable };
      try {
        await models.OutboxSms.create({ _id: message.reference, to: message.to, text: message.text });
        logger.info({ to: maskedNumber(message.to), reference: message.reference }, `SMS placed in the development outbox: ${outboxUrl}`);
      } catch (error) {
        // Already stored by an earlier attempt: that attempt sent it.
        if (!isDuplicateKeyError(error)) throw new SmsTransientError('The development outbox could not store the SMS', { cause: error });
      }
      return { status: 'sent', providerId: message.reference };
    },
  };
}
