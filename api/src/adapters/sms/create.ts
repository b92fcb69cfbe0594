/** Chooses the SMS gateway by configuration (see index.ts). */
import type { Logger } from 'pino';
import type { ApiConfig } from '../../config.js';
import type { Models } from '../../models/index.js';
import { createGatewayApiGateway } from './gatewayapi.js';
import { createOutboxSmsGateway } from './outbox.js';
import { SmsTransientError, type SmsGateway } from './index.js';

export function createSmsGateway(config: ApiConfig, models: Models, logger: Logger): SmsGateway {
  if (config.smsProvider === 'outbox') return createOutboxSmsGateway(models, logger, `http://localhost:${config.port}/dev/outbox`);
  if (config.smsProvider === 'gatewayapi') {
    // configFromEnv refuses SMS_PROVIDER=gatewayapi without a token, so a missing one is a programming error.
    if (!config.gatewayapi) throw new Error('SMS_PROVIDER=gatewayapi needs its configuration (GATEWAYAPI_TOKEN)');
    return createGatewayApiGateway({ ...config.gatewayapi, sender: config.smsSender, logger });
  }
  return {
    kind: 'none',
    send() {
      return Promise.reject(new SmsTransientError('Ingen SMS-udbyder er sat op'));
    },
  };
}
