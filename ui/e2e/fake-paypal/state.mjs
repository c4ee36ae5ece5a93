// What the fake PayPal remembers between requests (POST /__control/reset starts over).

export function freshState() {
  return {
    orders: new Map(),
    captures: new Map(),
    refunds: new Map(),
    failures: new Map(), // endpoint → [spec with remaining `times`]
    replays: new Map(), // `${endpoint} ${PayPal-Request-Id}` → Promise<{ status, body }>
    tokenRequests: 0,
    requests: [],
  };
}

/** Takes the next failure spec of an endpoint, counting down its `times`. */
export function takeFailure(state, endpoint) {
  const queue = state.failures.get(endpoint);
  if (!queue || queue.length === 0) return null;
  const spec = queue[0];
  spec.remaining -= 1;
  if (spec.remaining <= 0) queue.shift();
  return spec;
}
