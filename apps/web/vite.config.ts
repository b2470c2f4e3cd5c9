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
 *   shell itself imports) and `vendor` (the shell's other packages: axios, TanStack Query, dayjs,
 *   zod …) — with rolldown's `output.codeSplitting.groups` (Vite 8; `advancedChunks` and
 *   `manualChunks` are its deprecated names). Only modules statically reachable from the entry
 *   (group tag `$initial`) go there; what only lazily loaded layouts and views use (Table,
 *   DatePicker, Upload, Menu …) stays in chunks of their own that rolldown shares between the views
 *   needing them, so /login and the learner pages never load admin-only code. Layouts and views are
 *   lazy (src/router), and each @ant-design/icons icon is a chunk of its own, loaded by name by the
 *   admin menu (src/layouts/menu-icon.tsx).
 * - `@kaopei/contracts` and antd's `@rc-component/*` packages are declared free of side effects (see
 *   SIDE_EFFECT_FREE), so what a page does not use is tree-shaken away.
 * - `dist/.vite/manifest.json` lists every chunk and its static imports (used by the delivery e2e
 *   test to measure what a page needs).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.KAOPEI_API ?? 'http://127.0.0.1:8080';

/**
 * Modules declared free of side effects (`moduleSideEffects: false`): a module none of whose exports
 * a chunk uses is then left out of it, instead of being kept "in case importing it does something".
 * - packages/contracts: only schemas, constants and pure helpers, so importing an enum does not drag
 *   in every domain's zod schemas;
 * - @rc-component/*: antd's building blocks, which do not declare `sideEffects` in their package.json
 *   (antd does); none has an import-for-effect (checked: no bare `import 'x'` in their es builds), and
 *   without this e.g. the antd Button pulls the whole rc Form and async-validator into every page.
 */
const SIDE_EFFECT_FREE = /[\\/](packages[\\/]contracts[\\/]src|node_modules[\\/]@rc-component)[\\/]/;

function sideEffectFree(): Plugin {
  return {
    name: 'kaopei:side-effect-free',
    transform: {
      filter: { id: SIDE_EFFECT_FREE },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  };
}

/**
 * antd's form/context.js imports only `FormProvider` from @rc-component/form, but through the
 * package index, whose `RefForm.Field = Field …` assignments keep the whole rc Form (Field, List,
 * useForm, async-validator: ~13 KB gzip) alive; antd's ContextIsolator (Button, Modal, App) imports
 * form/context, so every page paid for a form library. This points that one import at the module
 * that defines FormProvider (same module instance, so the same React context). If a later antd
 * imports more from there, the build fails loudly (missing export) instead of misbehaving.
 */
function antdFormProviderDirect(): Plugin {
  return {
    name: 'kaopei:antd-form-provider-direct',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      const index = await this.resolve(source, importer, { ...options, skipSelf: true });
      const direct = index && path.join(path.dirname(index.id), 'FormContext.js');
      return direct && fs.existsSync(direct) ? direct : null;
    },
  };
}

/**
 * zod 4 compiles object parsers with `new Function` when eval is allowed, and finds out by trying it
 * once when a schema is built. Under our Content-Security-Policy (no 'unsafe-eval', see
 * apps/server/src/plugins/security.ts) that try is reported as a CSP violation, although zod catches
 * it and falls back. The build therefore starts zod in its `jitless` mode (same results, no eval, no
 * probe) through zod's shared `globalThis.__zod_globalConfig`, set at the top of zod's core module:
 * z.config() in main.tsx would come too late (chunks shared with lazy pages evaluate before the
 * entry's own code, and schemas read the setting when they are built).
 */
function zodJitless(): Plugin {
  return {
    name: 'kaopei:zod-jitless',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ },
      handler: (code) => ({ code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null }),
    },
  };
}

const NM = String.raw`[\\/]node_modules[\\/]`;

export default defineConfig({
  plugins: [
    react(),
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
    rolldownOptions: {
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
          ],
        },
      },
    },
  },
});
