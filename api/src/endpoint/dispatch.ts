/**
 * The dispatcher: action name → contract → rate limit → caller → input → handler → access log → answer. Every step that can
 * refuse does so before the handler runs, with a typed error the endpoint turns into a status code.
 */
import { actions, fieldErrorsFromIssues, isActionName, messages, type ActionName } from '@klinik/core';
import { handlerFor } from '../actions/index.js';
import { SuperadminContext, type AnyContext, type Services, type UploadedFile } from '../context.js';
import { ApiError, ValidationError } from '../errors.js';
import { accessLogRows } from '../domain/access-log/record.js';
import { recordAdminAction } from '../domain/platform/audit.js';
import { assertClinicMayMailClients } from '../domain/accounts/email-confirmation.js';
import { rateLimitAddressKey } from '../security/client-address.js';
import { authenticate } from './authenticate.js';

export interface DispatchRequest {
  body: Record<string, unknown>;
  files: UploadedFile[];
  ip: string;
  origin?: string;
}

/** Fields of the account a sign-in or reset attempt is about, for the per-account rate limits. */
function accountKey(body: Record<string, unknown>): string | null {
  const value = body.username ?? body.email;
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value.trim().toLowerCase() : null;
}

/** The action's declared `rateLimit`, kept under the action's name in the limiter's rules (config.ts DEFAULT_RATE_LIMITS). */
async function applyRateLimits(action: ActionName, body: Record<string, unknown>, ip: string, services: Services) {
  // Per /64 for IPv6, so rotating addresses in one's own network buys no new attempts.
  await services.limiter.consume(action, rateLimitAddressKey(ip));
  const account = accountKey(body);
  if (account && services.limiter.has(`${action}:account`)) await services.limiter.consume(`${action}:account`, account);
}

async function audited(context: SuperadminContext, action: ActionName, input: Record<string, unknown>, run: () => Promise<unknown>): Promise<unknown> {
  const policy = actions[action].audit;
  try {
    const answer = await run();
    await recordAdminAction(context, action, policy, input, 'ok');
    return answer;
  } catch (error) {
    const refused = error instanceof ApiError && error.status < 500;
    await recordAdminAction(context, action, policy, input, refused ? 'refused' : 'failed', refused ? (error as Error).message : undefined);
    throw error;
  }
}

export async function dispatch(request: DispatchRequest, services: Services): Promise<{ action: ActionName; answer: unknown }> {
  const { action, token, ...rest } = request.body;
  if (typeof action !== 'string' || action.length === 0) throw new ValidationError(messages.actionMissing);
  if (!isActionName(action)) throw new ValidationError(messages.unknownAction(action.slice(0, 60)));
  const contract = actions[action];

  await applyRateLimits(action, rest, request.ip, services);
  const context = await authenticate(contract, token, services, { ip: request.ip, files: request.files, origin: request.origin ?? '' });
  await assertClinicMayMailClients(contract, context);

  let input: unknown;
  const run = async () => {
    const parsed = contract.input.safeParse(rest);
    if (!parsed.success) {
      const errors = fieldErrorsFromIssues(parsed.error.issues);
      throw new ValidationError(Object.values(errors)[0] ?? 'Ugyldige data', errors);
    }
    input = parsed.data;
    const handler = handlerFor(action);
    // The handler's type names the context its access allows; authenticate built exactly that one.
    return (handler as (input: unknown, ctx: AnyContext) => Promise<unknown>)(parsed.data, context);
  };
  // Every administrator action is audited, however it ends (domain/platform/audit.ts).
  const answer = context instanceof SuperadminContext ? await audited(context, action, rest, run) : await run();

  if (!services.config.production) {
    // Outside production every answer is checked against its strict contract, so a field that must never
    // leave the server (a hash, another clinic's data) fails the tests instead of shipping.
    const checked = contract.output.safeParse(answer);
    if (!checked.success) {
      throw new Error(`Answer of ${action} breaks its contract: ${JSON.stringify(checked.error.issues).slice(0, 500)}`);
    }
  }
  // A read of client data is logged before its answer leaves (the contract's `accessLog`): journalled on this
  // machine's disk now, stored in the database in batches (data/access-log-writer.ts), so an answer given is a read
  // logged, also when the process dies a moment later.
  services.accessLog.write(accessLogRows(contract, action, input, answer, context));
  return { action, answer };
}
