/**
 * OAuth 2.0 and OpenID Connect as a client, on oauth4webapi (a small, standards-only library): the authorization
 * address, the code exchange, the refresh and the revocation, for every provider the API signs in to (Google Drive,
 * Dinero through Visma Connect, and an OpenID provider found by discovery). The providers' adapters keep only what is
 * theirs: their parameters, their scopes, and what a refusal means to them (`OAuthRequestError` carries the status and
 * the OAuth error code for that).
 *
 * The client authenticates with `client_secret_post` (id and secret in the form), as both Google and Visma Connect
 * accept. PKCE and the OpenID nonce, when a provider wants them, are derived from the state's own nonce with a server
 * key (state.ts), so nothing secret rides in the browser's address and nothing has to be kept between the two legs.
 */
import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';

export interface OAuthEndpoints {
  /** The issuer identifier (OpenID: the `iss` the id_token must carry; plain OAuth: the provider's origin). */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
}

export interface OAuthClientOptions {
  endpoints: OAuthEndpoints;
  clientId: string;
  clientSecret: string;
  now: () => number;
  timeoutMs?: number;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms; null when the provider did not say. */
  expiresAt: number | null;
  /** Seconds the provider gave (`expires_in`), for providers with their own floor. */
  expiresIn: number | null;
  scopes: string[];
  /** The validated id_token's claims (OpenID providers only). */
  idToken: oauth.IDToken | null;
}

/** The provider answered, but not with what was asked: its HTTP status and OAuth error code, to be judged by the adapter. */
export class OAuthRequestError extends Error {
  override name = 'OAuthRequestError';
  constructor(
    readonly status: number | null,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** The provider could not be reached (network, time limit). */
export class OAuthUnreachableError extends Error {
  override name = 'OAuthUnreachableError';
}

/** Per-flow secrets the client derives from the state (state.ts `flowSecrets`). */
export interface FlowSecrets {
  codeVerifier: string;
  nonce: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  scope: string;
  /** Provider-specific parameters (Google's `access_type`, Visma's `ui_locales`), in the order given. */
  extra?: Record<string, string>;
  /** With PKCE (S256) and, for OpenID providers, a nonce. */
  flow?: FlowSecrets;
}

export interface CodeExchange {
  code: string;
  redirectUri: string;
  flow?: FlowSecrets;
}

export interface OAuthClient {
  authorizationUrl(request: AuthorizationRequest): string;
  exchangeCode(exchange: CodeExchange): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Revokes a token (RFC 7009); throws OAuthRequestError when the provider refuses. */
  revoke(token: string): Promise<void>;
}

/** Plain http only to a double on this machine; every real provider is https. */
function insecureAllowed(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

function fromLibraryError(error: unknown): Error {
  if (error instanceof oauth.ResponseBodyError) return new OAuthRequestError(error.status, error.error, `OAuth provider refused (${error.status} ${error.error})`);
  if (error instanceof oauth.WWWAuthenticateChallengeError) return new OAuthRequestError(error.status, error.cause[0]?.parameters.error ?? null, `OAuth provider refused (${error.status})`);
  if (error instanceof oauth.OperationProcessingError) {
    const status = error.cause instanceof Response ? error.cause.status : null;
    return new OAuthRequestError(status, null, `OAuth provider answered unexpectedly (${status ?? '-'} ${error.code ?? ''})`);
  }
  if (error instanceof oauth.UnsupportedOperationError) return new OAuthRequestError(null, null, `OAuth provider answered unexpectedly (${error.message})`);
  // fetch's TypeError (refused, reset, DNS) and the time limit's abort: the error's name only (never the address).
  if (error instanceof Error) return new OAuthUnreachableError(`OAuth provider could not be reached: ${error.name}`);
  return new OAuthUnreachableError('OAuth provider could not be reached');
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromLibraryError(error);
  }
}

function clientFor(server: oauth.AuthorizationServer, options: Omit<OAuthClientOptions, 'endpoints'>) {
  const client: oauth.Client = { client_id: options.clientId };
  const auth = oauth.ClientSecretPost(options.clientSecret);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const request = (url: string) => ({ signal: AbortSignal.timeout(timeoutMs), ...(insecureAllowed(url) ? { [oauth.allowInsecureRequests]: true } : {}) });

  function tokens(answer: oauth.TokenEndpointResponse): TokenSet {
    const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : null;
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: expiresIn === null ? null : options.now() + expiresIn * 1000,
      expiresIn,
      scopes: (answer.scope ?? '').split(/\s+/).filter(Boolean),
      idToken: oauth.getValidatedIdTokenClaims(answer) ?? null,
    };
  }

  const isOpenId = (scope: string | undefined) => (scope ?? '').split(/\s+/).includes('openid');

  return {
    authorizationUrl({ redirectUri, state, scope, extra, flow }: AuthorizationRequest): string {
      const url = new URL(server.authorization_endpoint!);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', scope);
      for (const [name, value] of Object.entries(extra ?? {})) url.searchParams.set(name, value);
      url.searchParams.set('state', state);
      if (flow) {
        // RFC 7636 S256, as oauth.calculatePKCECodeChallenge makes it, but without a promise: the address is built synchronously.
        url.searchParams.set('code_challenge', createHash('sha256').update(flow.codeVerifier).digest('base64url'));
        url.searchParams.set('code_challenge_method', 'S256');
        if (isOpenId(scope)) url.searchParams.set('nonce', flow.nonce);
      }
      return url.toString();
    },
    exchangeCode: ({ code, redirectUri, flow }: CodeExchange): Promise<TokenSet> =>
      guarded(async () => {
        // The state came back through the user's own action and was checked there (state.ts: signature, caller, single use).
        const parameters = oauth.validateAuthResponse(server, client, new URLSearchParams({ code }), oauth.skipStateCheck);
        const response = await oauth.authorizationCodeGrantRequest(server, client, auth, parameters, redirectUri, flow?.codeVerifier ?? oauth.nopkce, request(server.token_endpoint!));
        const answer = await oauth.processAuthorizationCodeResponse(server, client, response, flow ? { expectedNonce: flow.nonce } : undefined);
        return tokens(answer);
      }),
    refresh: (refreshToken: string): Promise<TokenSet> =>
      guarded(async () => {
        const response = await oauth.refreshTokenGrantRequest(server, client, auth, refreshToken, request(server.token_endpoint!));
        return tokens(await oauth.processRefreshTokenResponse(server, client, response));
      }),
    revoke: (token: string): Promise<void> =>
      guarded(async () => {
        if (!server.revocation_endpoint) return;
        // Revocation authenticates by the token itself, as Google's endpoint expects (no client credentials).
        const response = await oauth.revocationRequest(server, client, oauth.None(), token, request(server.revocation_endpoint));
        await oauth.processRevocationResponse(response);
      }),
  } satisfies OAuthClient;
}

/** A client for a provider whose endpoints are configured (Google, Visma Connect). */
export function createOAuthClient(options: OAuthClientOptions): OAuthClient {
  const { endpoints } = options;
  return clientFor(
    {
      issuer: endpoints.issuer,
      authorization_endpoint: endpoints.authorizationEndpoint,
      token_endpoint: endpoints.tokenEndpoint,
      ...(endpoints.revocationEndpoint ? { revocation_endpoint: endpoints.revocationEndpoint } : {}),
    },
    options,
  );
}

/**
 * A client for an OpenID provider found by discovery (`<issuer>/.well-known/openid-configuration`): the endpoints
 * come from the provider, and a code exchange validates the id_token (issuer, audience, expiry, nonce) through the
 * library; `TokenSet.idToken` holds its claims. Ask with scope `openid` and `flow` set.
 */
export async function discoverOpenIdClient(issuer: string, options: Omit<OAuthClientOptions, 'endpoints'>): Promise<OAuthClient> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const issuerUrl = new URL(issuer);
  const server = await guarded(async () => {
    const response = await oauth.discoveryRequest(issuerUrl, { signal: AbortSignal.timeout(timeoutMs), ...(insecureAllowed(issuer) ? { [oauth.allowInsecureRequests]: true } : {}) });
    return oauth.processDiscoveryResponse(issuerUrl, response);
  });
  return clientFor(server, options);
}
