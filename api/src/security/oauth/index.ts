/**
 * OAuth and OpenID Connect for every provider the API signs in to: one client on a maintained library (client.ts)
 * and one signed, single-use state (state.ts). README.md beside this file says how a provider plugs in.
 */
export { createOAuthClient, discoverOpenIdClient, OAuthRequestError, OAuthUnreachableError, type OAuthClient, type OAuthEndpoints, type TokenSet } from './client.js';
export { createOAuthStates, OAUTH_STATE_TTL_MS, sweepOAuthStateUses, type OAuthState, type OAuthStates, type StateRefusal } from './state.js';
