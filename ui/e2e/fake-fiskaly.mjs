// A fake fiskaly SIGN DE (API v2, the German cloud TSE) for the tests: authentication
// with API key and secret or a refresh token, the TSS life cycle (CREATED →
// UNINITIALIZED → INITIALIZED) with the admin PUK, PIN and login, clients, and
// transactions with their revisions, signature counter, numbers and the DSFinV-K QR
// code data, all with fiskaly's paths, JSON shapes and error codes; and test-only
// control endpoints under /__control.
//
// In-process:  const fiskaly = await startFakeFiskaly(); ... await fiskaly.close();
// As a child:  node e2e/fake-fiskaly.mjs [--port N] [--api-key K] [--api-secret S]
//              prints `FAKE_FISKALY_LISTENING http://127.0.0.1:<port>` and runs until
//              its stdin ends (so keep stdin piped: a parent that dies takes it along),
//              SIGTERM or SIGINT. --ignore-stdin keeps it running for manual use.
//
// Control API (JSON):
//   POST /__control/down { mode?: "503" | "close" }   every API call answers 503, or its
//                                                      socket closes without an answer
//   POST /__control/up                                 the API answers again
//   POST /__control/expire_tokens                      every access token runs out now
//   POST /__control/token_lifetime { seconds }         the lifetime of the next tokens
//   POST /__control/replays { mode: "idempotent" | "refuse" }
//                                 how a transaction revision sent again is answered
//   POST /__control/lose_answers { times? }            the next transaction revisions
//                                 are applied, but their sockets close without an answer
//   GET  /__control/calls   { calls: [{ method, path, query, body, status }], auth_requests }
//   GET  /__control/state   the TSSs with their clients and counters
//   POST /__control/reset
//
// The parts, in fake-fiskaly/: server.mjs (the HTTP server and its routing), auth.mjs
// (tokens), tss.mjs (TSS, admin and clients), transactions.mjs, receipts.mjs (the
// transaction schema and the QR code's process data), keys.mjs (ECDSA keys and
// signatures), control.mjs, state.mjs, http.mjs and cli.mjs (this file as a child).
import { pathToFileURL } from 'node:url';
import { main } from './fake-fiskaly/cli.mjs';

export { startFakeFiskaly } from './fake-fiskaly/server.mjs';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`fake fiskaly: ${error.message}`);
    process.exit(1);
  });
}
