// Checks the build output (run after `npm run build`): the admin area is its own
// chunk, and nothing a customer downloads up front contains admin code.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const ADMIN_ROUTE = 'src/app/routes/admin.tsx';
// Strings only the admin code contains.
const ADMIN_MARKERS = ['/admin/catalog', 'Admin Dashboard', 'admin-topbar', '/topping-groups/'];

function readManifest() {
  assert.ok(existsSync(MANIFEST), `no build manifest at ${MANIFEST}; run npm run build first`);
  return JSON.parse(readFileSync(MANIFEST, 'utf8'));
}

/** The entry chunk and everything it imports statically: what every page load fetches. */
function eagerFiles(manifest) {
  const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  assert.ok(entryKey, 'the manifest names an entry chunk');
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entryKey);
  return files;
}

describe('build output', () => {
  test('the admin area is a lazily loaded chunk of its own', () => {
    const manifest = readManifest();
    const admin = manifest[ADMIN_ROUTE];
    assert.ok(admin, `${ADMIN_ROUTE} is in the manifest`);
    assert.equal(admin.isDynamicEntry, true);
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    assert.ok(entry.dynamicImports.includes(ADMIN_ROUTE));
    const code = readFileSync(join(DIST, admin.file), 'utf8');
    for (const marker of ['/admin/catalog', 'Admin Dashboard']) {
      assert.ok(code.includes(marker), `the admin chunk contains ${marker}`);
    }
  });

  test('the admin texts are chunks of their own, fetched by the admin chunk only', () => {
    const manifest = readManifest();
    const texts = Object.keys(manifest).filter((key) => key.startsWith('src/admin/locales/'));
    assert.equal(texts.length, 2, `one admin texts chunk per language: ${texts.join(', ')}`);
    const importers = Object.entries(manifest)
      .filter(([, chunk]) => [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].some((key) => texts.includes(key)))
      .map(([key]) => key);
    assert.deepEqual(importers, [ADMIN_ROUTE]);
  });

  test('the storefront chunks a customer loads contain no admin code', () => {
    const manifest = readManifest();
    const files = eagerFiles(manifest);
    assert.ok(!files.includes(manifest[ADMIN_ROUTE].file));
    for (const file of files) {
      const text = readFileSync(join(DIST, file), 'utf8');
      for (const marker of ADMIN_MARKERS) {
        assert.ok(!text.includes(marker), `${file} contains admin code (${marker})`);
      }
    }
  });
});
