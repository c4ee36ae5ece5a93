// Reading request bodies, and writing fiskaly's JSON answers and error bodies.

const MAX_BODY_BYTES = 1024 * 1024;

const REASONS = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  423: 'Locked',
  503: 'Service Unavailable',
};

export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body as text; `null` when it is larger than fiskaly's 1 MB. */
export function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** fiskaly's error answer: `{ status_code, error, code, message }`. */
export function fiskalyError(status, code, message) {
  return { status, body: { status_code: status, error: REASONS[status] ?? 'Error', code, message } };
}

/** A schema violation, as fiskaly words it (`E_FAILED_SCHEMA_VALIDATION`). */
export const invalid = (message) => fiskalyError(400, 'E_FAILED_SCHEMA_VALIDATION', message);

export function sendJson(response, status, payload, headers = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(payload));
}

/** JSON with its keys sorted, to compare a repeated request with the first one. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
