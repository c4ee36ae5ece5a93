// Writes .br and .gz siblings next to every compressible file in dist/, so the
// server can send pre-compressed bytes picked by Accept-Encoding. The .gz files are
// made with Zopfli: still gzip, a few percent smaller than zlib's best, and what a
// browser gets over plain HTTP, where it does not offer brotli. The files only the
// admin area loads get no .br: the staff's devices take gzip (about 10 % more bytes,
// on the shop's own line), and the binary, which embeds every twin, stays under its
// size limit; a customer's phone gets brotli for everything it loads.
import { gzipAsync } from '@gfx/zopfli';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite/ holds the build manifest, which is read at build time, not served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* walk(path);
    }
    else if (entry.isFile()) yield path;
  }
}

/** Paths (under dist/) of the files only the admin area's route loads. */
function adminOnlyFiles() {
  const ADMIN_ROUTE = 'src/app/routes/admin.tsx';
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
  if (!manifest[ADMIN_ROUTE]) throw new Error(`the build manifest has no ${ADMIN_ROUTE}`);
  const reach = (roots, skip) => {
    const files = new Set();
    const seen = new Set();
    const stack = [...roots];
    while (stack.length > 0) {
      const key = stack.pop();
      if (seen.has(key) || skip.has(key) || !manifest[key]) continue;
      seen.add(key);
      const chunk = manifest[key];
      for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
      stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
    }
    return files;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const storefront = reach(entries, new Set([ADMIN_ROUTE]));
  return new Set([...reach([ADMIN_ROUTE], new Set())].filter((file) => !storefront.has(file)));
}

const adminOnly = adminOnlyFiles();
let count = 0;
for (const file of walk(DIST)) {
  if (!EXTENSIONS.has(extname(file)) || statSync(file).size <= MIN_BYTES) continue;
  const data = readFileSync(file);
  const gz = await gzipAsync(data, { numiterations: 15 });
  writeFileSync(`${file}.gz`, gz);
  count += 1;
  if (adminOnly.has(relative(DIST, file))) {
    console.log(`${relative(DIST, file)}: ${data.length} B → gz ${gz.length} B (admin only)`);
    continue;
  }
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  console.log(`${relative(DIST, file)}: ${data.length} B → br ${br.length} B, gz ${gz.length} B`);
}
console.log(`compressed ${count} file(s)`);
