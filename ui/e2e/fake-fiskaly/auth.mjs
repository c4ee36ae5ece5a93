// POST /api/v2/auth (with the API key and secret, or with a refresh token) and the
// bearer tokens every other call must carry.
import { fiskalyError, invalid, isObject, nowSeconds } from './http.mjs';
import { randomText } from './keys.mjs';

const ORGANIZATION_ID = '6a4e2c1b-7d3f-4e8a-9b5c-0d1e2f3a4b5c';

export function createAuth(fiskaly) {
  function issue() {
    const seconds = fiskaly.state.tokenSeconds;
    const now = Date.now();
    const accessToken = `fake-access-${randomText(16)}`;
    const refreshToken = `fake-refresh-${randomText(16)}`;
    fiskaly.tokens.set(accessToken, now + seconds * 1000);
    fiskaly.refreshTokens.set(refreshToken, now + 2 * seconds * 1000);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        access_token_claims: { env: 'TEST', organization_id: ORGANIZATION_ID },
        access_token_expires_in: seconds,
        access_token_expires_at: nowSeconds() + seconds,
        refresh_token: refreshToken,
        refresh_token_expires_in: 2 * seconds,
        refresh_token_expires_at: nowSeconds() + 2 * seconds,
      },
    };
  }

  /** authenticateApi */
  function authenticate(body) {
    fiskaly.state.authRequests += 1;
    if (!isObject(body)) return invalid('body must be object');
    if (body.refresh_token !== undefined) {
      const until = fiskaly.refreshTokens.get(body.refresh_token);
      if (until === undefined || until <= Date.now()) {
        return fiskalyError(401, 'E_UNAUTHORIZED', 'The refresh token is invalid or has expired.');
      }
      return issue();
    }
    if (typeof body.api_key !== 'string' || typeof body.api_secret !== 'string') {
      return invalid("body must have required property 'api_key' and 'api_secret'");
    }
    if (body.api_key !== fiskaly.apiKey || body.api_secret !== fiskaly.apiSecret) {
      return fiskalyError(401, 'E_UNAUTHORIZED', 'Invalid API key or secret.');
    }
    return issue();
  }

  /** Whether the `Authorization` header carries a token that is still valid. */
  function authorized(header) {
    const [scheme, token] = (header ?? '').split(' ');
    const until = fiskaly.tokens.get(token);
    return scheme === 'Bearer' && until !== undefined && until > Date.now();
  }

  /** Every access token issued so far runs out now (refresh tokens stay valid). */
  function expireTokens() {
    fiskaly.tokens.clear();
  }

  return { authenticate, authorized, expireTokens };
}
