// The test-only control endpoints under /__control (JSON), and the same actions for
// tests that run the fake in-process. They answer even while the API is down.
import { isObject, sendJson } from './http.mjs';
import { renderTss } from './tss.mjs';
import { freshState } from './state.mjs';

const DOWN_MODES = ['503', 'close'];
const REPLAY_MODES = ['idempotent', 'refuse'];

export function createControl(fiskaly, auth) {
  function snapshot() {
    const tss = {};
    for (const [id, known] of fiskaly.state.tss) {
      tss[id] = {
        ...renderTss(known),
        admin_logged_in: known.admin,
        clients: Object.fromEntries([...known.clients].map(([clientId, client]) => [clientId, { ...client }])),
        transactions: known.txs.size,
      };
    }
    const { down, replays, authRequests, tokenSeconds } = fiskaly.state;
    return { tss, down, replays, auth_requests: authRequests, token_seconds: tokenSeconds };
  }

  /** Every API call so far: `{ method, path, query, body, status }`, oldest first. */
  const calls = () => ({ calls: fiskaly.state.calls, auth_requests: fiskaly.state.authRequests });

  function down(mode = '503') {
    if (!DOWN_MODES.includes(mode)) return { status: 400, body: { error: `mode must be one of ${DOWN_MODES.join(', ')}` } };
    fiskaly.state.down = mode;
    return { status: 200, body: { ok: true } };
  }

  function up() {
    fiskaly.state.down = null;
    return { status: 200, body: { ok: true } };
  }

  function tokenLifetime(seconds) {
    if (!Number.isInteger(seconds) || seconds < 1) return { status: 400, body: { error: 'seconds must be a positive integer' } };
    fiskaly.state.tokenSeconds = seconds;
    return { status: 200, body: { ok: true } };
  }

  function replays(mode) {
    if (!REPLAY_MODES.includes(mode)) return { status: 400, body: { error: `mode must be one of ${REPLAY_MODES.join(', ')}` } };
    fiskaly.state.replays = mode;
    return { status: 200, body: { ok: true } };
  }

  function loseAnswers(times = 1) {
    if (!Number.isInteger(times) || times < 1) return { status: 400, body: { error: 'times must be a positive integer' } };
    fiskaly.state.loseAnswers = times;
    return { status: 200, body: { ok: true } };
  }

  function reset() {
    fiskaly.state = freshState();
  }

  function expireTokens() {
    auth.expireTokens();
  }

  const ok = (action) => () => {
    action();
    return { status: 200, body: { ok: true } };
  };

  /** method path → (parsed body) → { status, body } */
  const ENDPOINTS = {
    'GET /__control/state': () => ({ status: 200, body: snapshot() }),
    'GET /__control/calls': () => ({ status: 200, body: calls() }),
    'POST /__control/down': (body) => down(body.mode),
    'POST /__control/up': up,
    'POST /__control/expire_tokens': ok(expireTokens),
    'POST /__control/token_lifetime': (body) => tokenLifetime(body.seconds),
    'POST /__control/replays': (body) => replays(body.mode),
    'POST /__control/lose_answers': (body) => loseAnswers(body.times),
    'POST /__control/reset': ok(reset),
  };

  function handleControl(request, response, path, text) {
    const send = ({ status, body }) => sendJson(response, status, body);
    const endpoint = ENDPOINTS[`${request.method} ${path}`];
    if (!endpoint) return send({ status: 404, body: { error: `no control endpoint ${request.method} ${path}` } });
    let body = {};
    try {
      if (text && text.trim() !== '') body = JSON.parse(text);
    } catch {
      return send({ status: 400, body: { error: 'the body must be JSON' } });
    }
    if (!isObject(body)) return send({ status: 400, body: { error: 'the body must be a JSON object' } });
    return send(endpoint(body));
  }

  return { snapshot, calls, down, up, tokenLifetime, replays, loseAnswers, reset, expireTokens, handleControl };
}
