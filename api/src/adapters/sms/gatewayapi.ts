/**
 * The production SMS gateway: GatewayAPI's REST API (POST /rest/mtsms, one message to one recipient, the API token in
 * the Authorization header). What its answers mean here:
 * - 200 with message ids: sent (the first id is kept as the provider's id);
 * - 400/422 about the recipient (the MSISDN is invalid or blacklisted): rejected, never retried;
 * - 401/403 (a wrong token, an IP address not allowed, no credit): a misconfiguration, thrown as transient so the job
 *   retries and then gives up with a reason, while the log says what to fix;
 * - 429, 5xx, other 4xx, network errors and timeouts: transient.
 * Neither the number nor the text is put in an error message or a log line (the answer's message may echo them).
 */
import type { Logger } from 'pino';
import { messageSkipReasons } from '@klinik/core';
import { isGsm7 } from './gsm.js';
import { isE164 } from './numbers.js';
import { SmsTransientError, type SmsGateway, type SmsResult } from './index.js';

export interface GatewayApiOptions {
  token: string;
  /** The API's origin, without a trailing slash (https://gatewayapi.com; the tests' local server). */
  url: string;
  /** Shown as the sender on the phone: at most 11 letters or digits. */
  sender: string;
  /** How long one request may take before it counts as failed (default 10 s). */
  timeoutMs?: number;
  logger?: Logger;
}

/** The request body of POST /rest/mtsms, as far as we use it. */
interface MtSmsRequest {
  sender: string;
  message: string;
  recipients: { msisdn: number }[];
  userref: string;
  /** Left out for GSM 03.38 text (GatewayAPI's default); 'UCS2' for anything else. */
  encoding?: 'UCS2';
}

/** GatewayAPI's answer: `ids` on success; `code` (hex, e.g. '0x0215'), `message` and `variables` on failure. */
interface MtSmsAnswer {
  ids?: unknown;
  code?: unknown;
  message?: unknown;
  variables?: unknown;
}

/** Codes that say the recipient's number can never receive our SMS (see GatewayAPI's error code index). */
const RECIPIENT_REJECTED_CODES = new Set(['0x0215' /* MSISDN blacklisted */]);
/** Codes that mention the MSISDN but are not about the number being unusable. */
const RECIPIENT_TRANSIENT_CODES = new Set(['0x0214' /* temporary blacklist */, '0x0310' /* duplicated recipient */]);

function isInvalidRecipient(status: number, answer: MtSmsAnswer): boolean {
  if (status !== 400 && status !== 422) return false;
  const code = typeof answer.code === 'string' ? answer.code.toLowerCase() : '';
  if (RECIPIENT_REJECTED_CODES.has(code)) return true;
  if (RECIPIENT_TRANSIENT_CODES.has(code)) return false;
  const variables: unknown[] = Array.isArray(answer.variables) ? (answer.variables as unknown[]) : [];
  const said = [answer.message, ...variables].filter((part) => typeof part === 'string').join(' ');
  return /msisdn|recipient/i.test(said);
}

function parseAnswer(text: string): MtSmsAnswer {
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function createGatewayApiGateway(options: GatewayApiOptions): SmsGateway {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const endpoint = `${options.url.replace(/\/+$/, '')}/rest/mtsms`;

  return {
    kind: 'gatewayapi',
    async send(message): Promise<SmsResult> {
      if (!isE164(message.to)) return { status: 'rejected', reason: messageSkipReasons.notSmsCapable };
      const body: MtSmsRequest = {
        sender: options.sender,
        message: message.text,
        recipients: [{ msisdn: Number(message.to.slice(1)) }],
        userref: message.reference,
        ...(isGsm7(message.text) ? {} : { encoding: 'UCS2' as const }),
      };
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let answer: MtSmsAnswer;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Token ${options.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal,
        });
        answer = parseAnswer(await response.text());
      } catch (error) {
        const what = signal.aborted ? `did not answer within ${timeoutMs} ms` : 'could not be reached';
        throw new SmsTransientError(`GatewayAPI ${what}`, { cause: error });
      }
      const code = typeof answer.code === 'string' ? ` (${answer.code})` : '';

      if (response.ok) {
        const ids = Array.isArray(answer.ids) ? answer.ids : [];
        // Accepted is accepted: sending again because the answer lacked an id would send the SMS twice.
        if (ids.length === 0) options.logger?.warn({ reference: message.reference }, 'GatewayAPI accepted an SMS without answering its id');
        return { status: 'sent', providerId: ids.length > 0 ? String(ids[0]) : null };
      }
      if (isInvalidRecipient(response.status, answer)) return { status: 'rejected', reason: messageSkipReasons.notSmsCapable };
      if (response.status === 401 || response.status === 403) {
        options.logger?.error(
          { status: response.status, code: answer.code ?? null },
          'GatewayAPI refused the request: check GATEWAYAPI_TOKEN, the account\'s allowed IP addresses and its credit',
        );
        throw new SmsTransientError(`GatewayAPI refused the request (${response.status}${code}): check the SMS configuration`);
      }
      throw new SmsTransientError(`GatewayAPI answered ${response.status}${code}`);
    },
  };
}
