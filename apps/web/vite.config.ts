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
import { defineConfig, parseSync, type Plugin } from 'vite';
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

/** A node of the ESTree AST given by Vite's `parseSync` (oxc): what endpointViews reads of it. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
const isNode = (v: unknown): v is AstNode => typeof v === 'object' && v !== null && typeof (v as AstNode).type === 'string';
const nodeAt = (n: AstNode, key: string): AstNode | undefined => (isNode(n[key]) ? n[key] : undefined);
const nodesAt = (n: AstNode, key: string): AstNode[] => (Array.isArray(n[key]) ? (n[key] as unknown[]).filter(isNode) : []);

/** Calls every node below `node` (not into nested functions when `shallow`). */
function walk(node: AstNode, visit: (n: AstNode) => void, shallow = false): void {
  visit(node);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      if (shallow && /Function/.test(child.type)) continue;
      walk(child, visit, shallow);
    }
  }
}

const ENDPOINT_KINDS = ['json', 'upload', 'download'] as const;
/** The schema properties of an endpoint declaration (endpoint.ts): what a view leaves out. */
const SCHEMA_PROPS = new Set(['body', 'data', 'fields']);
const CONTRACTS_FILE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
const WEB_FILE = /[\\/]apps[\\/]web[\\/]src[\\/].+\.tsx?$/;
/** Web code reading an endpoint's schema (`xxxApi.call.body`): there is none in the web build. */
const SCHEMA_READ = /\b\w+Api\.\w+\.(?:body|data|fields)\b/;

/**
 * The web's view of the contracts: the endpoint tables without their zod schemas, and every
 * top-level value of a contracts file droppable when unused.
 *
 * The web calls endpoints by object (`call(paperApi.paperDetail, body)`), and `call()` reads only
 * `path` (and `method` / `fileName` / `file` of downloads and uploads); the body and data schemas of
 * an endpoint serve the server (validation, serialisation, OpenAPI) and the types. Yet as values they
 * made every page that calls an endpoint carry that endpoint's schemas and the zod runtime (~26 KB
 * gzip in the app shell: the auth store calls userApi and menuApi). In the web build (dev and
 * production alike), each contracts file is rewritten before TypeScript is stripped:
 * - an endpoint declaration `json({ path, summary, access, body, data })` (likewise `upload`, with
 *   `fields`, and `download`, whose method defaults to GET) becomes the plain object
 *   `({ kind: 'json', path, summary, access })`: same path, kind, method, file rule and file name;
 *   no `body`, `data` or `fields` at runtime (the TypeScript types are untouched, they come from the
 *   source). A declaration that cannot be read statically (not one object literal, a spread, a
 *   computed key) fails the build.
 * - every top-level `const` whose initialiser calls or reads something (zod schemas, defineErrors,
 *   the endpoint tables) is wrapped in a pure-annotated IIFE, `/* @__PURE__ *\/ (() => (init))()`:
 *   same value, same evaluation order, but dropped when nothing uses it (rolldown cannot know that
 *   `z.object(…)` has no side effect). So a page importing `PaperError` or `paperApi` keeps no schema,
 *   and a page that validates a form with `loginReq` keeps just that schema (and zod).
 * Web code must therefore never read `xxxApi.call.body` / `.data` / `.fields`: a form validates with
 * the named schema (`loginReq.shape.username`), and the build fails on such a read in apps/web/src.
 * Server, tests and e2e import the contracts as they are.
 */
function endpointViews(): Plugin {
  return {
    name: 'kaopei:endpoint-views',
    enforce: 'pre',
    transform: {
      filter: { id: { include: [CONTRACTS_FILE, WEB_FILE], exclude: /\.test\.tsx?$/ } },
      handler(code, id) {
        if (WEB_FILE.test(id)) {
          const read = SCHEMA_READ.exec(code);
          if (read) this.error(`${id}: "${read[0]}" reads an endpoint schema, which the web build leaves out (see endpointViews in vite.config.ts); import the schema by name.`);
          return null;
        }
        return { code: contractsView(code, id, (msg) => this.error(msg)), map: null };
      },
    },
  };
}

/** The rewrite of one contracts file (see endpointViews). Keeps every line break, so line numbers stay. */
export function contractsView(code: string, id: string, fail: (msg: string) => never): string {
  const { program, errors } = parseSync(id, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length) fail(`${id}: ${errors[0].message}`);
  const root = program as unknown as AstNode;
  const edits: { start: number; end: number; text: string }[] = [];
  const blank = (start: number, end: number) => code.slice(start, end).replace(/[^\n]/g, '');

  // Local names of json / upload / download imported from ./endpoint.
  const declarers = new Map<string, (typeof ENDPOINT_KINDS)[number]>();
  for (const stmt of nodesAt(root, 'body')) {
    if (stmt.type !== 'ImportDeclaration' || !/^\.\/endpoint(\.ts)?$/.test(String(nodeAt(stmt, 'source')?.value))) continue;
    for (const spec of nodesAt(stmt, 'specifiers')) {
      const imported = nodeAt(spec, 'imported');
      const kind = ENDPOINT_KINDS.find((k) => k === (imported?.name ?? imported?.value));
      const local = nodeAt(spec, 'local')?.name;
      if (spec.type === 'ImportSpecifier' && kind && typeof local === 'string') declarers.set(local, kind);
    }
  }

  // Endpoint declarations → plain objects without schemas.
  if (declarers.size) {
    walk(root, (n) => {
      const callee = n.type === 'CallExpression' ? nodeAt(n, 'callee') : undefined;
      const kind = callee?.type === 'Identifier' ? declarers.get(String(callee.name)) : undefined;
      if (!callee || !kind) return;
      const args = nodesAt(n, 'arguments');
      const def = args[0];
      const where = `${id}: ${code.slice(n.start, Math.min(n.end, n.start + 60))}…`;
      if (args.length !== 1 || def.type !== 'ObjectExpression') fail(`${where}: an endpoint declaration must be one object literal`);
      const props = nodesAt(def, 'properties');
      for (const p of props) {
        if (p.type !== 'Property' || p.computed || nodeAt(p, 'key')?.type !== 'Identifier') fail(`${where}: spread or computed key in an endpoint declaration`);
      }
      edits.push({ start: n.start, end: def.start, text: `(` });
      edits.push({ start: def.start + 1, end: def.start + 1, text: ` kind: '${kind}',${kind === 'download' ? ` method: 'GET',` : ''}` });
      for (const p of props) {
        if (!SCHEMA_PROPS.has(String(nodeAt(p, 'key')?.name))) continue;
        const comma = /^\s*,/.exec(code.slice(p.end));
        const end = comma ? p.end + comma[0].length : p.end;
        edits.push({ start: p.start, end, text: blank(p.start, end) });
      }
    });
  }

  // Top-level consts that call or read something → pure IIFEs.
  for (const stmt of nodesAt(root, 'body')) {
    const decl = stmt.type === 'ExportNamedDeclaration' ? nodeAt(stmt, 'declaration') : stmt;
    if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue;
    for (const d of nodesAt(decl, 'declarations')) {
      const init = nodeAt(d, 'init');
      if (!init) continue;
      let effectful = false;
      walk(init, (n) => void (effectful ||= /^(CallExpression|NewExpression|MemberExpression|TaggedTemplateExpression)$/.test(n.type)), true);
      if (!effectful) continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }

  // Apply from the end; at one position an insertion goes before a replacement starting there.
  edits.sort((a, b) => b.start - a.start || (a.start === a.end ? 1 : 0) - (b.start === b.end ? 1 : 0));
  let out = code;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

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
