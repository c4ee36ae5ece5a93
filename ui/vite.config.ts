/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// React code runs on preact/compat, both in the bundle and in the tests.
const isVitest = Boolean(process.env.VITEST);

const preactAliases = [
  // preact/compat has useSyncExternalStore itself; react-i18next would bundle the CommonJS shim.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// react-router points every bundler at its development build, which keeps its
// warnings; the production build beside it is the same code without them.
const reactRouterProduction = fileURLToPath(new URL('node_modules/react-router/dist/production/', import.meta.url));
const productionAliases = [
  { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
];

// i18next's engine under react-i18next is our own, in the bundle and in the tests, as
// React is preact/compat: i18next is 50 KB of minified code (ours 5 KB) that a first
// visit would download for the little the UI uses (src/lib/i18n-engine.ts says what;
// its test compares every text with i18next's, imported there as `i18next-original`).
const i18nEngine = fileURLToPath(new URL('src/lib/i18n-engine.ts', import.meta.url));
const i18nextOriginal = fileURLToPath(new URL('node_modules/i18next/dist/esm/i18next.js', import.meta.url));
const engineAliases = [{ find: /^i18next$/, replacement: i18nEngine }];

// Without these, Vitest loads the CJS build or a second copy of React.
const vitestAliases = [
  { find: /^i18next-original$/, replacement: i18nextOriginal },
  { find: /^react-router-dom$/, replacement: 'react-router' },
  { find: /^@testing-library\/react$/, replacement: '@testing-library/preact' },
];

// The server finds and rewrites these strings in index.html (the nonce once per
// answer); the build fails if anything ever changes them.
const SERVER_CONTRACT = [
  '<base href="/order-online/" />',
  '<meta name="heimservice-config" content="{}" />',
  '<meta name="csp-nonce" content="" />',
  '<script type="application/json" id="initial-data">{}</script>',
  '<div id="root"></div>',
];

function keepServerContract(): Plugin {
  return {
    name: 'heimservice-index-contract',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const html = index?.type === 'asset' ? String(index.source) : '';
      const missing = SERVER_CONTRACT.filter((needle) => !html.includes(needle));
      if (missing.length > 0) this.error(`dist/index.html lost: ${missing.join(', ')}`);
    },
  };
}

// The tab icon travels inside the page as a data: URL made from public/favicon.svg (the
// file stays, for the icons drawn from it): a first visit saves a request and its
// headers. The page's CSP allows data: images.
function inlineFavicon(): Plugin {
  return {
    name: 'heimservice-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL('public/favicon.svg', import.meta.url), 'utf8').trim();
      const url = `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/#/g, '%23').replace(/</g, '%3C').replace(/>/g, '%3E')}`;
      const link = 'href="./favicon.svg"';
      if (!html.includes(link)) throw new Error(`index.html lost ${link}`);
      return html.replace(link, `href="${url}"`);
    },
  };
}

// react-router's production build still sets `displayName` on its contexts and
// components and leaves its forwardRef calls unmarked, so what the app never uses
// (Form, useSubmit and their helpers) cannot be tree-shaken. The names only serve
// React's developer tools; forwardRef has no side effects.
const REACT_ROUTER_BUILD = /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

function treeShakeReactRouter(): Plugin {
  return {
    name: 'heimservice-tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_BUILD.test(id)) return null;
      const shakeable = code
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(');
      if (shakeable === code) return null;
      return { code: shakeable, map: null };
    },
  };
}

const API_PREFIXES = [
  '/stores',
  '/categories',
  '/products',
  '/banners',
  '/allergies',
  '/images',
  '/login',
  '/users',
  // Admin-only API calls (catalog, orders, outbox, support, discounts); the admin
  // pages themselves live under the base path.
  '/admin/',
  '/taxes',
  '/toppings',
  '/topping-groups',
  '/group-items',
  '/product-groups',
  '/item-allergies',
  '/postcodes',
  '/discounts',
  '/register',
  '/addresses',
  '/forgot-password',
  '/reset-password',
  '/support',
  '/orders',
];

// Where `npm run dev` forwards API calls (the Rust server).
const apiTarget = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  // Relative asset URLs in the build: the server rewrites <base href> to its
  // base path. The dev server mimics the default base path instead.
  plugins: [keepServerContract(), treeShakeReactRouter(), inlineFavicon()],
  base: command === 'serve' && !isVitest ? '/order-online/' : './',
  server: {
    // Every API path lives at the server's root; the admin screens live under
    // /order-online/admin and are not proxied.
    proxy: {
      ...Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, apiTarget])),
      // The live store status and order WebSockets.
      '/ws': { target: apiTarget, ws: true },
    },
  },
  resolve: {
    alias: isVitest
      ? [...vitestAliases, ...preactAliases, ...engineAliases]
      : command === 'build'
        ? [...productionAliases, ...preactAliases, ...engineAliases]
        : [...preactAliases, ...engineAliases],
    conditions: isVitest ? ['module'] : undefined,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Browsers without <link rel="modulepreload"> still load every module, only
    // without the head start; a polyfill for them would weigh on every page load.
    modulePreload: { polyfill: false },
    assetsDir: 'assets',
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        // react-router ships "use client" markers and probes for React 19's
        // useOptimistic, which preact/compat lacks; both are harmless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        defaultHandler(warning);
      },
      output: {
        // Lazy chunks are named by their hash alone: the first visit's script lists every
        // lazy chunk (and its dependencies) to preload it, and names would add to that list.
        chunkFileNames: 'assets/[hash].js',
        // What the first page load needs ($initial: reached by static imports from the
        // entry), the libraries with the app code, is one chunk, the entry: one request
        // (and one set of headers) on a slow line. The libraries change with a release as
        // the app code does, so a chunk of their own would not stay cached much longer.
        // Without the group every module that a lazy page shares with the entry becomes a
        // tiny chunk of its own. Libraries only lazy pages use (PayPal's loader) stay with
        // those pages.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    server: {
      deps: {
        inline: [/react-router/, /react-i18next/, /@testing-library\/preact/],
      },
    },
  },
}));
