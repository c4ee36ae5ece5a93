// The fake fiskaly's HTTP server: routes each request to the control endpoints, to
// POST /api/v2/auth, or (with a valid bearer token) to the TSS, client and transaction
// operations, records every API call, and answers 503 or drops the socket while the
// API is down.
import { createServer } from 'node:http';
import { createAuth } from './auth.mjs';
import { createControl } from './control.mjs';
import { fiskalyError, invalid, readBody, sendJson } from './http.mjs';
import { freshState } from './state.mjs';
import { createTransactions } from './transactions.mjs';
import { createTssApi } from './tss.mjs';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const TSS = '/api/v2/tss/([^/]+)';

export async function startFakeFiskaly({ port = 0, apiKey = 'test-api-key', apiSecret = 'test-api-secret' } = {}) {
  const fiskaly = {
    state: freshState(),
    // Issued tokens survive reset(): the client under test caches its token.
    tokens: new Map(),
    refreshTokens: new Map(),
    apiKey,
    apiSecret,
  };
  const auth = createAuth(fiskaly);
  const control = createControl(fiskaly, auth);
  const tss = createTssApi(fiskaly);
  const tx = createTransactions(fiskaly);

  // [method, path pattern, handler, names of the path's ids]
  const ROUTES = [
    ['PUT', new RegExp(`^${TSS}$`), tss.createTss, ['tssId']],
    ['GET', new RegExp(`^${TSS}$`), tss.retrieveTss, ['tssId']],
    ['PATCH', new RegExp(`^${TSS}$`), tss.updateTss, ['tssId']],
    ['PATCH', new RegExp(`^${TSS}/admin$`), tss.changeAdminPin, ['tssId']],
    ['POST', new RegExp(`^${TSS}/admin/auth$`), tss.authenticateAdmin, ['tssId']],
    ['POST', new RegExp(`^${TSS}/admin/logout$`), tss.logoutAdmin, ['tssId']],
    ['PUT', new RegExp(`^${TSS}/client/([^/]+)$`), tss.createClient, ['tssId', 'clientId']],
    ['GET', new RegExp(`^${TSS}/client/([^/]+)$`), tss.retrieveClient, ['tssId', 'clientId']],
    ['PATCH', new RegExp(`^${TSS}/client/([^/]+)$`), tss.updateClient, ['tssId', 'clientId']],
    ['PUT', new RegExp(`^${TSS}/tx/([^/]+)$`), tx.upsertTransaction, ['tssId', 'txId']],
    ['GET', new RegExp(`^${TSS}/tx/([^/]+)$`), tx.retrieveTransaction, ['tssId', 'txId']],
  ];

  function route(method, path) {
    for (const [routeMethod, pattern, handler, names] of ROUTES) {
      const match = pattern.exec(path);
      if (match && routeMethod === method) {
        const ids = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
        return { handler, ids };
      }
    }
    return null;
  }

  /** The answer to one API call (without the transport: down, lost answers). */
  function answer(request, path, query, text, body) {
    if (request.method === 'POST' && path === '/api/v2/auth') return auth.authenticate(body);
    if (!auth.authorized(request.headers.authorization)) {
      return fiskalyError(401, 'E_UNAUTHORIZED', 'Missing, invalid or expired access token.');
    }
    const found = route(request.method, path);
    if (!found) return fiskalyError(404, 'E_NOT_FOUND', `No route for ${request.method} ${path}`);
    for (const [name, id] of Object.entries(found.ids)) {
      // txId may also be a transaction's number when it is read.
      if (!UUID.test(id) && !(name === 'txId' && request.method === 'GET' && /^\d+$/.test(id))) {
        return invalid(`params/${name.replace('Id', '_id')} must match format "uuid"`);
      }
      found.ids[name] = id.toLowerCase(); // fiskaly turns every UUID into lower case
    }
    if (text.trim() !== '' && body === undefined) return invalid('body must be valid JSON');
    return found.handler({ ...found.ids, query, body });
  }

  async function handle(request, response) {
    const parsed = new URL(request.url, 'http://127.0.0.1');
    const path = parsed.pathname;
    const text = await readBody(request);
    if (path.startsWith('/__control/')) return control.handleControl(request, response, path, text);
    let body;
    try {
      body = text && text.trim() !== '' ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const call = { method: request.method, path, query: parsed.search, body: body ?? null, status: null };
    fiskaly.state.calls.push(call);
    if (fiskaly.state.down === 'close') return request.socket.destroy();
    if (fiskaly.state.down === '503') {
      call.status = 503;
      const { body: error } = fiskalyError(503, 'E_SERVICE_UNAVAILABLE', 'The service is unavailable.');
      return sendJson(response, 503, error, { 'Retry-After': '1' });
    }
    const result = text === null ? fiskalyError(413, 'E_REQUEST_TOO_LARGE', 'request too large') : answer(request, path, parsed.searchParams, text ?? '', body);
    if (result.upserted && fiskaly.state.loseAnswers > 0) {
      // Applied, but the answer never arrives.
      fiskaly.state.loseAnswers -= 1;
      return request.socket.destroy();
    }
    call.status = result.status;
    return sendJson(response, result.status, result.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error('fake fiskaly:', error);
      if (!response.headersSent) sendJson(response, 500, { status_code: 500, error: 'Internal Server Error', message: String(error) });
      else response.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${server.address().port}`;

  return {
    url,
    port: server.address().port,
    apiKey,
    apiSecret,
    /** Stops listening and drops open connections. */
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    state: control.snapshot,
    calls: control.calls,
    down: control.down,
    up: control.up,
    expireTokens: control.expireTokens,
    tokenLifetime: control.tokenLifetime,
    replays: control.replays,
    loseAnswers: control.loseAnswers,
    reset: control.reset,
  };
}
