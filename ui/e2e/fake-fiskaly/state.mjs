// What the fake fiskaly remembers between requests (POST /__control/reset starts over;
// issued tokens stay valid, as the client under test caches its token).

export const DEFAULT_TOKEN_SECONDS = 86400;

export function freshState() {
  return {
    tss: new Map(), // tss_id → TSS, with its clients and transactions
    clients: new Map(), // client_id → { tss_id, serial_number, state, … } (unique system-wide)
    calls: [], // every API call: { method, path, query, body, status }
    authRequests: 0,
    tokenSeconds: DEFAULT_TOKEN_SECONDS, // the lifetime of the next access tokens
    down: null, // null, or how the API is down: '503' (answers 503) or 'close' (drops the socket)
    replays: 'idempotent', // a revision sent again: 'idempotent' (its first answer) or 'refuse' (E_TX_UPSERT)
    loseAnswers: 0, // the next transaction revisions to apply and answer with a dropped socket
  };
}
