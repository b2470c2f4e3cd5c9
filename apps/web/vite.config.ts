/**
 * Vite configuration of the Kaopei web app: React plugin, `/api` proxied to the API server in
 * development (http://127.0.0.1:8080, override with KAOPEI_API), production build into `dist`.
 *
 * Production build (what apps/server/src/plugins/web.ts serves):
 * - `dist/assets/*` carry a content hash in their names (served `immutable` for a year); index.html
 *   is the only unhashed page (served `no-cache`).
 * - Every text asset is also written precompressed, `x.js.br` (brotli, quality 11) and `x.js.gz`
 *   (gzip -9), by vite-plugin-compression2 (works with Vite 8 / rolldown); the server picks one by
 *   Accept-Encoding (@fastify/static `preCompressed`). A file whose compressed form is not smaller
 *   (tiny icon chunks) is left uncompressed.
 * - Vendor code is split into three chunks that every page needs — `react` (react, react-dom,
 *   scheduler, react-router), `antd` (the antd / rc-component / cssinjs / icons modules the app
 *   shell itself imports) and `vendor` (the shell's other packages: TanStack Query,
 *   dayjs …) — with rolldown's `output.codeSplitting.groups` (Vite 8; `advancedChunks` and
 *   `manualChunks` are its deprecated names). Only modules statically reachable from the entry
 *   (group tag `$initial`) go there; what only lazily loaded layouts and views use (Table,
 *   DatePicker, Upload, Menu …) stays in chunks of their own that rolldown shares between the views
 *   needing them, so /login and the learner pages never load admin-only code. Layouts and views are
 *   lazy (src/router), and each @ant-design/icons icon is a chunk of its own, loaded by name by the
 *   admin menu (src/layouts/menu-icon.tsx). antd-mobile and its helpers (the phone site /m only) are
 *   one chunk `antd-mobile`, never loaded by the learner and admin pages.
 * - `@kaopei/contracts` and antd's `@rc-component/*` packages are declared free of side effects (see
 *   SIDE_EFFECT_FREE), so what a page does not use is tree-shaken away; the web sees the contracts'
 *   endpoint tables without their zod schemas (endpointViews), so the shell, which calls endpoints
 *   but validates no form, carries no zod.
 * - The exam page's JS before first paint has a budget (e2e/delivery.e2e.ts, README "JS before
 *   first paint").
 * - `dist/.vite/manifest.json` lists every chunk and its static imports (used by the delivery e2e
 *   test to measure what a page needs).
 */
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { antdFormProviderDirect, endpointViews, sideEffectFree, zodJitless } from './build/plugins';

const apiTarget = process.env.KAOPEI_API ?? 'http://127.0.0.1:8080';

const NM = String.raw`[\\/]node_modules[\\/]`;

export default defineConfig({
  plugins: [
    react(),
    endpointViews(),
    sideEffectFree(),
    antdFormProviderDirect(),
    zodJitless(),
    compression({
      include: /\.(html|js|mjs|css|json|svg|txt|map)$/,
      algorithms: [
        defineAlgorithm('gzip', { level: zlib.constants.Z_BEST_COMPRESSION }),
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
      ],
      // dist/.vite/manifest.json is build metadata, never requested by browsers.
      exclude: [/\.vite[\\/]/],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  // A second guard besides the root package.json `overrides` (one React 19 for every package, docs/decisions.md):
  // libraries must never bundle another React copy ("Cannot read properties of null (reading 'useContext')").
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // The registry chunk (every views.ts, loaded by every page) holds one lazy import per view of the whole
    // app; Vite writes each one's list of JS files to preload next to it, so every learner page downloaded the
    // preload lists of ~150 admin and phone views it never opens (issue 5's exam page budget, e2e/delivery.e2e.ts).
    // Imports made from the registry keep their CSS (only the preload helper injects it) and drop the JS list:
    // a view's static imports still load, in the module graph's order, when the view is opened or preloaded.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => (/(^|[\\/])registry-[^\\/]*\.js$/.test(hostId) ? deps.filter((d) => d.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      // Pages: the app, and the embedded live player (SPEC §2 /player/live.html; hls.js is imported lazily there, so no shared chunk grows).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), live: fileURLToPath(new URL('./player/live.html', import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: new RegExp(`${NM}(react|react-dom|scheduler|react-router)[\\\\/]`), tags: ['$initial'], priority: 30 },
            {
              name: 'antd',
              test: new RegExp(`${NM}(antd|@ant-design|@rc-component|rc-[\\w-]+|@emotion|classnames|clsx|@babel[\\\\/]runtime)[\\\\/]`),
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: new RegExp(NM), tags: ['$initial'], priority: 10 },
            // The phone site's antd-mobile (only /m loads it) in one chunk: split per component it
            // would add dozens of file names to the preload lists of the registry that every page loads.
            { name: 'antd-mobile', test: new RegExp(`${NM}(antd-mobile|antd-mobile-icons|antd-mobile-v5-count|@react-spring|@use-gesture|ahooks|rc-field-form|rc-segmented|nano-memoize)[\\/]`), priority: 25 },
          ],
        },
      },
    },
  },
});
