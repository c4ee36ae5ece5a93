// A fake PayPal for the tests: the REST subset the server uses (OAuth token, Orders v2
// create/get/capture, Payments v2 captures and refunds) with PayPal's JSON shapes and
// error bodies, test-only control endpoints under /__control, and a fake JavaScript
// SDK at /sdk/js that @paypal/react-paypal-js can load instead of www.paypal.com.
//
// In-process:  const paypal = await startFakePaypal(); ... await paypal.close();
// As a child:  node e2e/fake-paypal.mjs [--port N] [--client-id ID] [--client-secret S]
//              prints `FAKE_PAYPAL_LISTENING http://127.0.0.1:<port>` and runs until its
//              stdin ends (so keep stdin piped: a parent that dies takes it along),
//              SIGTERM or SIGINT. --ignore-stdin keeps it running for manual use.
//
// Control API (JSON, CORS open):
//   POST /__control/approve/{order_id}[?expect_currency=EUR&expect_intent=CAPTURE]
//   POST /__control/settle/{capture_id} { status: COMPLETED | DECLINED | FAILED }
//                          (a PENDING capture comes to its end)
//   POST /__control/fail   { endpoint, times?, status?, issue?, name?, description?,
//                            body?, delay_ms?, disconnect?, capture_status?, amount?, currency? }
//   POST /__control/reset, POST /__control/expire_tokens, GET /__control/state
//
// The parts, in fake-paypal/: server.mjs (the HTTP server and its routing), rest-api.mjs
// (the REST handlers), records.mjs (PayPal's JSON shapes), validation.mjs (request
// checks), errors.mjs (error bodies), formats.mjs (ids, timestamps, money), control.mjs
// and failures.mjs (the control API and injected failures), state.mjs, http.mjs,
// sdk.mjs (the JS SDK) and cli.mjs (this file run as a child process).
import { pathToFileURL } from 'node:url';
import { main } from './fake-paypal/cli.mjs';

export { startFakePaypal } from './fake-paypal/server.mjs';

/** The settings that point a server at the fake `paypal` (its API and its JS SDK). */
export function paypalEnv(paypal) {
  return {
    HEIMSERVICE_PAYPAL_CLIENT_ID: paypal.clientId,
    HEIMSERVICE_PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    HEIMSERVICE_PAYPAL_API_BASE: paypal.url,
    HEIMSERVICE_PAYPAL_SDK_URL: paypal.sdkUrl,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`fake PayPal: ${error.message}`);
    process.exit(1);
  });
}
