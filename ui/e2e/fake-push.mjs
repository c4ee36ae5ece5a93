// A fake Web Push service (RFC 8030) for the tests, standing where a browser maker's push
// service stands. It hands out subscriptions as a browser's `PushSubscription.toJSON()`
// would (it holds the browser's private key and secret), and for every notification the
// shop posts it checks what a real push service and browser check, with Node's own
// crypto: the VAPID token (RFC 8292: ES256 over the shop's key `k`, `aud` this origin,
// `exp` within 24 hours, a `sub`), the headers (`TTL`, `Content-Encoding: aes128gcm`),
// and the payload, decrypted per RFC 8291 (ECDH P-256, HKDF-SHA-256, AES-128-GCM, one
// record with its padding delimiter). What passes is kept for the test to read.
//
// In-process:  const push = await startFakePush(); ... await push.close();
// As a child:  node e2e/fake-push.mjs [--port N] prints `FAKE_PUSH_LISTENING <url>`.
//
// Control API (JSON):
//   POST /__control/subscriptions       → { id, endpoint, expirationTime, keys: { p256dh, auth } }
//   POST /__control/subscriptions/{id}/gone   the endpoint answers 410 from now on
//   GET  /__control/messages            → [{ subscription, ttl, urgency, topic, vapid, payload }]
//   GET  /__control/refused             → [{ subscription, status, reason }]
//   POST /__control/reset
// Push: POST /push/{id} (201 when delivered, 410 when gone, 400/401/404 when refused).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { runAsChild } from './fake-cli.mjs';

const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text) => Buffer.from(text, 'base64url');

/**
 * Decrypts an `aes128gcm` body for the browser holding `ua` (a Node ECDH with its
 * private key) and `auth` (its 16-byte secret), per RFC 8291 section 3.4 and RFC 8188.
 */
export function decryptPush(body, ua, auth) {
  if (body.length < 21) throw new Error('the body is shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  if (idLength !== 65) throw new Error(`the key id must be the 65-byte sender key, not ${idLength} bytes`);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (recordSize < 18 || record.length > recordSize) throw new Error('the payload must be one record');
  if (record.length < 17) throw new Error('the record is too short');
  const shared = ua.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record must end with the delimiter 0x02');
  return padded.subarray(0, end);
}

/** The claims of a VAPID `Authorization` header, or throws saying what is wrong. */
export function checkVapid(header, audience, nowSeconds = Math.floor(Date.now() / 1000)) {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('Authorization must be `vapid t=<jwt>, k=<key>`');
  const [, token, key] = match;
  const raw = fromB64url(key);
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k must be an uncompressed P-256 key');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.');
  const header64 = JSON.parse(fromB64url(head).toString());
  if (header64.alg !== 'ES256') throw new Error(`the token's alg must be ES256, not ${header64.alg}`);
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, fromB64url(signature));
  if (!signed) throw new Error('the token is not signed with k');
  const claims = JSON.parse(fromB64url(body).toString());
  if (claims.aud !== audience) throw new Error(`aud must be ${audience}, not ${claims.aud}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 60 * 60)) throw new Error('exp must be within 24 hours');
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(claims.sub ?? '')) throw new Error('sub must be a mailto: or https: contact');
  return { ...claims, key };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      // A push service takes at most 4 KB of payload.
      if (size > 8192) request.destroy(new Error('too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  response.end(body === undefined ? '' : JSON.stringify(body));
}

export async function startFakePush({ port = 0 } = {}) {
  let subscriptions = new Map();
  let messages = [];
  let refused = [];
  let next = 1;
  let url = '';

  function subscribe() {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const id = String(next++);
    const subscription = { id, ua, auth: randomBytes(16), gone: false };
    subscriptions.set(id, subscription);
    return {
      id,
      endpoint: `${url}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: b64url(ua.getPublicKey()), auth: b64url(subscription.auth) },
    };
  }

  async function push(request, response, id) {
    const body = await readBody(request);
    const subscription = subscriptions.get(id);
    const refuse = (status, reason) => {
      refused.push({ subscription: id, status, reason });
      send(response, status, { reason });
    };
    if (!subscription) return refuse(404, 'no such subscription');
    if (subscription.gone) return refuse(410, 'the subscription is gone');
    let vapid;
    try {
      vapid = checkVapid(request.headers.authorization, url);
    } catch (error) {
      return refuse(401, error.message);
    }
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL must be a number of seconds');
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'Content-Encoding must be aes128gcm');
    let payload;
    try {
      payload = JSON.parse(decryptPush(body, subscription.ua, subscription.auth).toString('utf8'));
    } catch (error) {
      return refuse(400, `the payload does not decrypt: ${error.message}`);
    }
    messages.push({
      subscription: id,
      ttl,
      urgency: request.headers.urgency ?? null,
      topic: request.headers.topic ?? null,
      vapid,
      payload,
    });
    response.writeHead(201, { location: `${url}/message/${messages.length}` });
    response.end();
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://fake').pathname;
    const handle = async () => {
      if (request.method === 'POST' && path === '/__control/subscriptions') return send(response, 200, subscribe());
      const gone = /^\/__control\/subscriptions\/([^/]+)\/gone$/.exec(path);
      if (request.method === 'POST' && gone) {
        const subscription = subscriptions.get(gone[1]);
        if (!subscription) return send(response, 404, { reason: 'no such subscription' });
        subscription.gone = true;
        return send(response, 200, {});
      }
      if (request.method === 'GET' && path === '/__control/messages') return send(response, 200, messages);
      if (request.method === 'GET' && path === '/__control/refused') return send(response, 200, refused);
      if (request.method === 'POST' && path === '/__control/reset') {
        subscriptions = new Map();
        messages = [];
        refused = [];
        return send(response, 200, {});
      }
      const target = /^\/push\/([^/]+)$/.exec(path);
      if (request.method === 'POST' && target) return push(request, response, target[1]);
      return send(response, 404, { reason: `no route ${request.method} ${path}` });
    };
    handle().catch((error) => send(response, 500, { reason: error.message }));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    subscribe,
    messages: () => messages,
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAsChild({ start: startFakePush, flags: {}, listening: 'FAKE_PUSH_LISTENING' }).catch((error) => {
    console.error(`fake push service: ${error.message}`);
    process.exit(1);
  });
}
