// Writes .br and .gz siblings next to every compressible file in dist/, so the
// server can send pre-compressed bytes picked by Accept-Encoding. The .gz files are
// made with Zopfli: still gzip, a few percent smaller than zlib's best, and what a
// browser gets over plain HTTP, where it does not offer brotli.
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

let count = 0;
for (const file of walk(DIST)) {
  if (!EXTENSIONS.has(extname(file)) || statSync(file).size <= MIN_BYTES) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = await gzipAsync(data, { numiterations: 15 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  count += 1;
  console.log(`${relative(DIST, file)}: ${data.length} B → br ${br.length} B, gz ${gz.length} B`);
}
console.log(`compressed ${count} file(s)`);
