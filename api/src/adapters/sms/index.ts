/**
 * SMS: a gateway behind one interface, chosen by configuration (SMS_PROVIDER):
 * - `outbox` (the local default outside production): messages stored in the database and shown at /dev/outbox
 *   beside the mails; idempotent by the message's reference.
 * - `gatewayapi` (production): GatewayAPI's REST API (a common Danish provider), GATEWAYAPI_TOKEN, SMS_SENDER,
 *   GATEWAYAPI_URL to point it elsewhere (the tests' local HTTP gateway).
 * - `none`: every SMS fails as unavailable (a transient error: the jobs retry and then give up with a reason).
 *
 * A gateway answers 'sent', or 'rejected' for a number that cannot receive SMS (never retried); anything transient
 * (network, 5xx, rate limit) is thrown as SmsTransientError, which the job runner retries with a growing pause.
 */
export { isGsm7, smsParts } from './gsm.js';

export interface SmsMessage {
  /** E.164, e.g. +4512345678 (normalizeSmsNumber). */
  to: string;
  text: string;
  /** Deterministic per message (the job's id): the outbox keeps one message per reference; gateways get it as their reference. */
  reference: string;
}

export type SmsResult = { status: 'sent'; providerId: string | null } | { status: 'rejected'; reason: string };

export class SmsTransientError extends Error {
  override name = 'SmsTransientError';
}

export interface SmsGateway {
  readonly kind: 'outbox' | 'gatewayapi' | 'none';
  send(message: SmsMessage): Promise<SmsResult>;
}
