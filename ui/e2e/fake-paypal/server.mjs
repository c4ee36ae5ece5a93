// The fake PayPal's HTTP server: routes each request to the REST API, the control
// endpoints or the SDK, with the failures injected through POST /__control/fail and the
// replays of PayPal-Request-Id.
import { createServer } from 'node:http';
import { createControl } from './control.mjs';
import { ERROR_NAMES, paypalError } from './errors.mjs';
import { injectedError } from './failures.mjs';
import { CORS_HEADERS, readBody, sendJson } from './http.mjs';
import { createRecords } from './records.mjs';
import { createRestApi, IDEMPOTENT } from './rest-api.mjs';
import { sdkResponse } from './sdk.mjs';
import { freshState, takeFailure } from './state.mjs';

export async function startFakePaypal({ port = 0, clientId = 'test-client-id', clientSecret = 'test-secret' } = {}) {
  const paypal = {
    state: freshState(),
    // Issued tokens survive reset(): the server under test caches its token.
    tokens: new Set(),
    url: '',
    clientId,
    clientSecret,
  };
  const sleeps = new Set();

  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        sleeps.delete(timer);
        resolve();
      }, ms);
      sleeps.add(timer);
    });

  const records = createRecords(paypal);
  const ROUTES = createRestApi(paypal, records);
  const { snapshot, approve, settle, fail, reset, expireTokens, handleControl } = createControl(paypal, records);

  async function handleApi(request, response, path, body) {
    const requestId = request.headers['paypal-request-id'] ?? null;
    const logEntry = { method: request.method, path, paypal_request_id: requestId, status: null };
    paypal.state.requests.push(logEntry);
    const send = ({ status, body: payload }) => {
      logEntry.status = status;
      sendJson(response, status, payload);
    };

    let route = null;
    let params = {};
    for (const [method, pattern, endpoint, handler] of ROUTES) {
      const match = pattern.exec(path);
      if (match && method === request.method) {
        route = { endpoint, handler };
        params = { id: match[1] };
        break;
      }
    }
    if (!route) return send(paypalError(404, null, { name: 'NOT_FOUND', message: `No route for ${request.method} ${path}.` }));
    const { endpoint, handler } = route;

    if (endpoint === 'token') {
      paypal.state.tokenRequests += 1;
    } else {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme !== 'Bearer' || !paypal.tokens.has(token)) {
        return send({
          status: 401,
          body: { name: 'AUTHENTICATION_FAILURE', message: ERROR_NAMES[401][1], links: [] },
        });
      }
    }

    const spec = takeFailure(paypal.state, endpoint);
    if (spec?.delay_ms) await sleep(spec.delay_ms);
    if (spec?.disconnect) {
      request.socket.destroy();
      return undefined;
    }
    if (spec?.status) return send(injectedError(endpoint, spec));

    // A replay answers what the first request answered (waiting for it if it is
    // still running), so a retried capture or refund never happens twice.
    const replayKey = requestId && IDEMPOTENT.has(endpoint) ? `${endpoint} ${requestId}` : null;
    if (replayKey && paypal.state.replays.has(replayKey)) return send(await paypal.state.replays.get(replayKey));
    const replays = paypal.state.replays;
    const result = Promise.resolve().then(() => handler({ params, body, headers: request.headers }, spec));
    if (replayKey) {
      replays.set(replayKey, result);
      // Only successes are remembered; a failed request may be retried for real.
      result.then(({ status }) => status >= 400 && replays.delete(replayKey)).catch(() => replays.delete(replayKey));
    }
    return send(await result);
  }

  async function handleSdk(request, response, query) {
    const spec = takeFailure(paypal.state, 'sdk');
    if (spec?.delay_ms) await sleep(spec.delay_ms);
    if (spec?.disconnect) {
      request.socket.destroy();
      return;
    }
    const params = Object.fromEntries(query);
    const { status, script } = spec?.status
      ? { status: spec.status, script: `throw new Error("fake PayPal: injected ${spec.status}");\n` }
      : sdkResponse(params, paypal.url, clientId);
    response.writeHead(status, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
    });
    response.end(script);
  }

  async function handle(request, response) {
    const parsed = new URL(request.url, 'http://127.0.0.1');
    const path = parsed.pathname;
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS);
      response.end();
      return;
    }
    const body = await readBody(request);
    if (path.startsWith('/__control/')) return handleControl(request, response, path, parsed.searchParams, body);
    if (request.method === 'GET' && path === '/sdk/js') return handleSdk(request, response, parsed.searchParams);
    // The approve link of an order, for trying the fake by hand in a browser.
    if (request.method === 'GET' && path === '/checkoutnow') {
      const { status } = approve(parsed.searchParams.get('token') ?? '');
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(status === 200 ? 'Approved by the fake PayPal buyer.\n' : 'No such order.\n');
      return;
    }
    return handleApi(request, response, path, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error('fake PayPal:', error);
      if (!response.headersSent) sendJson(response, 500, { error: String(error) });
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
  const actualPort = server.address().port;
  paypal.url = `http://127.0.0.1:${actualPort}`;

  return {
    url: paypal.url,
    port: actualPort,
    sdkUrl: `${paypal.url}/sdk/js`,
    clientId,
    clientSecret,
    /** Stops listening, drops open connections and pending delays. */
    close() {
      for (const timer of sleeps) clearTimeout(timer);
      sleeps.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    reset,
    state: snapshot,
    /** Same as POST /__control/approve/{id}: returns the order; throws for an unknown one. */
    approve(orderId) {
      const { status, body } = approve(orderId);
      if (status !== 200) throw new Error(body.error);
      return body;
    },
    /** Same as POST /__control/settle/{capture_id}: a pending capture completes or fails. */
    settle(captureId, status) {
      const { status: code, body } = settle(captureId, status);
      if (code !== 200) throw new Error(body.error);
      return body;
    },
    /** Same as POST /__control/fail; throws on an invalid spec. */
    fail(spec) {
      const { status, body } = fail(spec);
      if (status !== 200) throw new Error(body.error);
    },
    expireTokens,
  };
}
