// The fake PayPal as a child process: `node e2e/fake-paypal.mjs [options]` (see there).
import { runAsChild } from '../fake-cli.mjs';
import { startFakePaypal } from './server.mjs';

export function main() {
  return runAsChild({
    start: startFakePaypal,
    flags: { '--client-id': 'clientId', '--client-secret': 'clientSecret' },
    listening: 'FAKE_PAYPAL_LISTENING',
  });
}
