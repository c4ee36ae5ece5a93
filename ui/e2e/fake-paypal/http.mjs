// Reading request bodies and writing JSON responses.

const MAX_BODY_BYTES = 1024 * 1024;

export function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, PayPal-Request-Id',
  'Access-Control-Max-Age': '600',
};

export function sendJson(response, status, payload, { cors = false } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (payload && typeof payload.debug_id === 'string') headers['Paypal-Debug-Id'] = payload.debug_id;
  if (cors) Object.assign(headers, CORS_HEADERS);
  response.writeHead(status, headers);
  response.end(JSON.stringify(payload));
}
