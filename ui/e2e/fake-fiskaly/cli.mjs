// The fake fiskaly as a child process: `node e2e/fake-fiskaly.mjs [options]` (see there).
import { runAsChild } from '../fake-cli.mjs';
import { startFakeFiskaly } from './server.mjs';

export function main() {
  return runAsChild({
    start: startFakeFiskaly,
    flags: { '--api-key': 'apiKey', '--api-secret': 'apiSecret' },
    listening: 'FAKE_FISKALY_LISTENING',
  });
}
