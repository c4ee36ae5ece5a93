// The fake fiskaly as a child process: `node e2e/fake-fiskaly.mjs [options]` (see there).
import { startFakeFiskaly } from './server.mjs';

function parseArgs(argv) {
  const options = {};
  let ignoreStdin = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--ignore-stdin') ignoreStdin = true;
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--api-key') options.apiKey = argv[++i];
    else if (arg === '--api-secret') options.apiSecret = argv[++i];
    else throw new Error(`unknown argument ${arg}`);
  }
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port >= 0 && options.port < 65536)) {
    throw new Error('--port needs a port number');
  }
  return { options, ignoreStdin };
}

export async function main() {
  const { options, ignoreStdin } = parseArgs(process.argv.slice(2));
  const fiskaly = await startFakeFiskaly(options);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    fiskaly.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (!ignoreStdin) {
    // The parent holds our stdin; when it closes it (or dies), we stop.
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
  process.stdout.write(`FAKE_FISKALY_LISTENING ${fiskaly.url}\n`);
}
