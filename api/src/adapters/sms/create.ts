/** Chooses the SMS gateway by configuration (see index.ts). */
import type { Logger } from 'pino';
import type { ApiConfig } from '../../config.js';
import type { Models } from '../../models/index.js';
import { SmsTransientError, type SmsGateway } from './index.js';

export function createSmsGateway(config: ApiConfig, _models: Models, _logger: Logger): SmsGateway {
  // Placeholder until the outbox and GatewayAPI adapters land (issue 15): every SMS fails as unavailable.
  void config;
  return {
    kind: 'none',
    send() {
      return Promise.reject(new SmsTransientError('Ingen SMS-udbyder er sat op'));
    },
  };
}
