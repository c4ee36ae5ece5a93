// Running a fake service (fake PayPal, fake fiskaly) as a child process: the arguments,
// stopping when the parent closes our stdin (or on SIGTERM/SIGINT), and the line
// `<NAME>_LISTENING <url>` the parent waits for.

/**
 * Parses `--port N`, `--ignore-stdin` and the fake's own string flags (`flags` maps a
 * flag such as `--client-id` to its option name).
 */
function parseArgs(argv, flags) {
  const options = {};
  let ignoreStdin = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--ignore-stdin') ignoreStdin = true;
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (Object.hasOwn(flags, arg)) options[flags[arg]] = argv[++i];
    else throw new Error(`unknown argument ${arg}`);
  }
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port >= 0 && options.port < 65536)) {
    throw new Error('--port needs a port number');
  }
  return { options, ignoreStdin };
}

/** Starts the fake with `start(options)` and serves until the parent lets go. */
export async function runAsChild({ start, flags, listening }) {
  const { options, ignoreStdin } = parseArgs(process.argv.slice(2), flags);
  const fake = await start(options);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    fake.close().finally(() => process.exit(0));
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
  process.stdout.write(`${listening} ${fake.url}\n`);
}
