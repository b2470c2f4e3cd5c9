/**
 * The web build's own Vite plugins (used by vite.config.ts): what the app's bundles leave out, and
 * why. Each plugin is small and says which module it touches; `contractsView`, the one that
 * rewrites source, is unit-tested (endpoint-views.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseSync, transformWithOxc, type Plugin } from 'vite';

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

export function sideEffectFree(): Plugin {
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
export function antdFormProviderDirect(): Plugin {
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
export function zodJitless(): Plugin {
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

/** Calls `visit` on `node` and every node below it; `skip` answers the nodes whose subtree is not entered. */
function walk(node: AstNode, visit: (n: AstNode, parent?: AstNode) => void, skip: (n: AstNode) => boolean = () => false, parent?: AstNode): void {
  visit(node, parent);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child) && !skip(child)) walk(child, visit, skip, node);
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
/** `import … from 'kaopei-endpoints:<contracts file>'`: the endpoint tables of that file (see endpointViews). */
const TABLES_IMPORT = 'kaopei-endpoints:';
const TABLES_ID = `\0${TABLES_IMPORT}`;

/**
 * The web's view of the contracts: endpoint tables without their zod schemas, in modules of their
 * own, and every top-level value of a contracts file droppable when unused.
 *
 * The web calls endpoints by object (`call(paperApi.paperDetail, body)`), and the request helper
 * reads only `path` (and `method` / `fileName` / `file` of downloads and uploads); the body and data
 * schemas of an endpoint serve the server (validation, serialisation, OpenAPI) and the types. As
 * values, though, they made every page that calls an endpoint carry that endpoint's schemas and the
 * zod runtime (~26 KB gzip in the app shell, whose auth store calls userApi and menuApi). So in the
 * web build (dev and production alike) each contracts file is rewritten before TypeScript is
 * stripped (contractsView):
 * - an endpoint declaration `json({ path, summary, access, body, data })` (likewise `upload`, with
 *   `fields`, and `download`, whose method defaults to GET) becomes the plain object
 *   `({ kind: 'json', path, summary, access })`: same kind, path, method, file rule and file name; no
 *   `body`, `data` or `fields` at runtime (the TypeScript types come from the source and are
 *   untouched). A declaration that cannot be read statically (not one object literal, a spread, a
 *   computed key) fails the build.
 * - the endpoint tables (`export const userApi = {…}`) move to a module of their own,
 *   `\0kaopei-endpoints:<file>`, which the file imports and re-exports: a bundle splits by module,
 *   so otherwise the shell, which calls userApi, would also hold the schemas the login page
 *   validates with (loginReq …) and zod. A table may read the file's plain literal constants
 *   (`access: RepoPerm.LIST`, with `RepoPerm = { LIST: 'repo:list' } as const`): the table module
 *   gets a copy of them. A file whose tables read any other binding of its own keeps them.
 * - every top-level `const` whose initialiser calls or reads something (zod schemas, defineErrors)
 *   is wrapped in a pure-annotated IIFE, `/* @__PURE__ *\/ (() => (init))()`: same value, same
 *   evaluation order, but dropped when nothing uses it (rolldown cannot know that `z.object(…)` has
 *   no side effect). A page importing `PaperError` keeps no schema; a page validating a form with
 *   `loginReq` keeps that schema and zod.
 * Web code therefore never reads `xxxApi.call.body` / `.data` / `.fields` (a form validates with the
 * named schema, `loginReq.shape.username`); the build fails on such a read in apps/web/src. The server,
 * the tests and the e2e journeys import the contracts as they are.
 */
export function endpointViews(): Plugin {
  const tables = new Map<string, string>();
  return {
    name: 'kaopei:endpoint-views',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source.startsWith(TABLES_IMPORT)) return `${TABLES_ID}${source.slice(TABLES_IMPORT.length)}`;
      // A table module's imports are its contracts file's.
      if (importer?.startsWith(TABLES_ID)) return this.resolve(source, importer.slice(TABLES_ID.length), { ...options, skipSelf: true });
      return null;
    },
    load: {
      filter: { id: /^\0kaopei-endpoints:/ },
      async handler(id) {
        const file = id.slice(TABLES_ID.length);
        this.addWatchFile(file);
        if (!tables.has(file)) contractsView(fs.readFileSync(file, 'utf8'), file, (msg) => this.error(msg), tables);
        const code = tables.get(file);
        if (code === undefined) this.error(`${file} has no endpoint tables to split`);
        const js = await transformWithOxc(code, `${file}.endpoints.ts`, { lang: 'ts' });
        return { code: js.code, moduleSideEffects: false };
      },
    },
    transform: {
      filter: { id: { include: [CONTRACTS_FILE, WEB_FILE], exclude: /\.test\.tsx?$/ } },
      handler(code, id) {
        if (WEB_FILE.test(id)) {
          const read = SCHEMA_READ.exec(code);
          if (read) this.error(`${id}: "${read[0]}" reads an endpoint schema, which the web build leaves out (see endpointViews in vite.config.ts); import the schema by name.`);
          return null;
        }
        return { code: contractsView(code, id, (msg) => this.error(msg), tables), map: null };
      },
    },
  };
}

/**
 * True when `n` is a value written out in full: string, number, boolean or null literals, template
 * strings without substitutions, and arrays and objects (plain keys) of those, optionally with a
 * type assertion (`as const`). Such a value reads nothing and runs nothing, so it can be copied.
 */
function isPlainLiteral(n: AstNode): boolean {
  switch (n.type) {
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return nodesAt(n, 'expressions').length === 0;
    case 'TSAsExpression':
    case 'TSSatisfiesExpression': {
      const inner = nodeAt(n, 'expression');
      return inner !== undefined && isPlainLiteral(inner);
    }
    case 'UnaryExpression':
      return n.operator === '-' && nodeAt(n, 'argument')?.type === 'Literal';
    case 'ArrayExpression':
      return nodesAt(n, 'elements').every(isPlainLiteral) && (n.elements as unknown[]).every((e) => e !== null);
    case 'ObjectExpression':
      return nodesAt(n, 'properties').every((p) => {
        const value = nodeAt(p, 'value');
        return p.type === 'Property' && !p.computed && !p.shorthand && !p.method && p.kind === 'init' && value !== undefined && isPlainLiteral(value);
      });
    default:
      return false;
  }
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** `code` with the edits inside [from, to) applied (from the end; at one position an insertion goes before a replacement). */
function applyEdits(code: string, edits: Edit[], from = 0, to = code.length): string {
  let out = code.slice(from, to);
  const inside = edits.filter((e) => e.start >= from && e.end <= to);
  inside.sort((a, b) => b.start - a.start || (a.start === a.end ? 1 : 0) - (b.start === b.end ? 1 : 0));
  for (const e of inside) out = out.slice(0, e.start - from) + e.text + out.slice(e.end - from);
  return out;
}

/**
 * The web's rewrite of one contracts file (see endpointViews); puts the code of its endpoint-table
 * module, when it has one, in `tables`. Keeps every line break, so line numbers stay.
 */
export function contractsView(code: string, id: string, fail: (msg: string) => never, tables: Map<string, string>): string {
  const { program, errors } = parseSync(id, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length) fail(`${id}: ${errors[0].message}`);
  const body = nodesAt(program as unknown as AstNode, 'body');
  const edits: Edit[] = [];
  const blank = (start: number, end: number) => code.slice(start, end).replace(/[^\n]/g, '');

  // Bindings imported by the file (local name → the import, for a table module); json / upload /
  // download from ./endpoint.
  const imported = new Map<string, string>();
  const declarers = new Map<string, (typeof ENDPOINT_KINDS)[number]>();
  for (const stmt of body) {
    if (stmt.type !== 'ImportDeclaration' || stmt.importKind === 'type') continue;
    const source = nodeAt(stmt, 'source');
    const fromEndpoint = /^\.\/endpoint(\.ts)?$/.test(String(source?.value));
    for (const spec of nodesAt(stmt, 'specifiers')) {
      if (spec.importKind === 'type') continue;
      const local = String(nodeAt(spec, 'local')?.name);
      const what = code.slice(spec.start, spec.end);
      const from = source ? code.slice(source.start, source.end) : '';
      imported.set(local, spec.type === 'ImportSpecifier' ? `import { ${what} } from ${from};` : `import ${what} from ${from};`);
      const name = nodeAt(spec, 'imported');
      const kind = ENDPOINT_KINDS.find((k) => k === (name?.name ?? name?.value));
      if (fromEndpoint && spec.type === 'ImportSpecifier' && kind) declarers.set(local, kind);
    }
  }

  // Endpoint declarations → plain objects without schemas.
  const stripped = new Set<AstNode>();
  const declarations: AstNode[] = [];
  if (declarers.size) {
    walk(program as unknown as AstNode, (n) => {
      const callee = n.type === 'CallExpression' ? nodeAt(n, 'callee') : undefined;
      const kind = callee?.type === 'Identifier' ? declarers.get(String(callee.name)) : undefined;
      if (!kind) return;
      declarations.push(n);
      const args = nodesAt(n, 'arguments');
      const def = args[0];
      const where = `${id}: ${code.slice(n.start, Math.min(n.end, n.start + 60))}…`;
      if (args.length !== 1 || def.type !== 'ObjectExpression') fail(`${where}: an endpoint declaration must be one object literal`);
      const props = nodesAt(def, 'properties');
      for (const p of props) {
        if (p.type !== 'Property' || p.computed || nodeAt(p, 'key')?.type !== 'Identifier') fail(`${where}: spread or computed key in an endpoint declaration`);
      }
      if (!props.some((p) => nodeAt(p, 'key')?.name === 'path')) fail(`${where}: an endpoint declaration without a path`);
      edits.push({ start: n.start, end: def.start, text: '(' });
      const defaultMethod = kind === 'download' && !props.some((p) => nodeAt(p, 'key')?.name === 'method');
      edits.push({ start: def.start + 1, end: def.start + 1, text: ` kind: '${kind}',${defaultMethod ? ` method: 'GET',` : ''}` });
      for (const p of props) {
        if (!SCHEMA_PROPS.has(String(nodeAt(p, 'key')?.name))) continue;
        stripped.add(p);
        const comma = /^\s*,/.exec(code.slice(p.end));
        const end = comma ? p.end + comma[0].length : p.end;
        edits.push({ start: p.start, end, text: blank(p.start, end) });
      }
    });
  }

  // Top-level consts. A table is one holding endpoint declarations; an error table is
  // `defineErrors({…})` of a plain literal; a literal is a value written out in full.
  interface Const {
    stmt: AstNode;
    init: AstNode;
    name: string;
    exported: boolean;
    alone: boolean;
    kind: 'table' | 'errors' | 'literal' | 'other';
  }
  const consts = new Map<string, Const>();
  for (const stmt of body) {
    const exported = stmt.type === 'ExportNamedDeclaration';
    const decl = exported ? nodeAt(stmt, 'declaration') : stmt;
    if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue;
    const ds = nodesAt(decl, 'declarations');
    for (const d of ds) {
      const init = nodeAt(d, 'init');
      const id = nodeAt(d, 'id');
      if (!init || id?.type !== 'Identifier') continue;
      const callee = init.type === 'CallExpression' ? nodeAt(init, 'callee') : undefined;
      const kind = declarations.some((c) => c.start >= init.start && c.end <= init.end)
        ? 'table'
        : callee?.type === 'Identifier' && callee.name === 'defineErrors' && imported.has('defineErrors') && nodesAt(init, 'arguments').every(isPlainLiteral)
          ? 'errors'
          : isPlainLiteral(init)
            ? 'literal'
            : 'other';
      consts.set(String(id.name), { stmt, init, name: String(id.name), exported, alone: ds.length === 1, kind });
    }
  }

  // What the tables read once their schemas are gone: imports, and the file's own literals (which
  // move with them); anything else of the file's own keeps the tables in place.
  const tableList = [...consts.values()].filter((c) => c.kind === 'table');
  const reads = new Set<string>();
  let splittable = tableList.length > 0;
  for (const t of tableList) {
    walk(
      t.init,
      (n, parent) => {
        if (n.type !== 'Identifier') return;
        if (parent?.type === 'Property' && nodeAt(parent, 'key') === n && !parent.computed) return;
        if (parent?.type === 'MemberExpression' && nodeAt(parent, 'property') === n && !parent.computed) return;
        if (declarations.some((c) => nodeAt(c, 'callee') === n)) return;
        reads.add(String(n.name));
      },
      (n) => stripped.has(n) || /^TS/.test(n.type),
    );
    if (!t.exported || !t.alone) splittable = false;
  }
  const moved = new Set<Const>(tableList);
  for (const r of reads) {
    if (imported.has(r)) continue;
    const own = consts.get(r);
    if (own?.kind === 'literal' && own.alone) moved.add(own);
    else splittable = false;
  }
  // Error tables go along: the shell reads e.g. MenuError, and a module is never split between
  // chunks, so an error table left in the file would pull the whole file (schemas, zod) with it.
  for (const c of consts.values()) if (c.kind === 'errors' && c.alone) moved.add(c);
  if (splittable) {
    for (const c of moved) if (c.kind === 'errors') reads.add('defineErrors');
    const order = [...moved].sort((a, b) => a.init.start - b.init.start);
    const lines = [...reads]
      .filter((r) => imported.has(r))
      .map((r) => imported.get(r) ?? '')
      .concat(order.map((c) => `export const ${c.name} = ${applyEdits(code, edits, c.init.start, c.init.end)};`));
    tables.set(id, `${lines.join('\n')}\n`);
    const inMoved = (e: Edit) => order.some((c) => e.start >= c.stmt.start && e.end <= c.stmt.end);
    edits.splice(0, edits.length, ...edits.filter((e) => !inMoved(e)));
    for (const c of order) edits.push({ start: c.stmt.start, end: c.stmt.end, text: blank(c.stmt.start, c.stmt.end) });
    // Imported (not only re-exported), so the rest of the file may still use them.
    const names = order.map((c) => c.name).join(', ');
    const exportedNames = order.filter((c) => c.exported).map((c) => c.name).join(', ');
    edits.push({
      start: code.length,
      end: code.length,
      text: `\nimport { ${names} } from ${JSON.stringify(TABLES_IMPORT + id)};\n${exportedNames ? `export { ${exportedNames} };\n` : ''}`,
    });
  } else {
    tables.delete(id);
  }

  // Every other top-level const that calls or reads something: a pure IIFE, dropped when unused.
  for (const c of consts.values()) {
    if (splittable && moved.has(c)) continue;
    let effectful = c.kind === 'table';
    walk(
      c.init,
      (n) => void (effectful ||= /^(CallExpression|NewExpression|MemberExpression|TaggedTemplateExpression)$/.test(n.type)),
      (n) => /Function/.test(n.type),
    );
    if (!effectful) continue;
    edits.push({ start: c.init.start, end: c.init.start, text: '/* @__PURE__ */ (() => (' });
    edits.push({ start: c.init.end, end: c.init.end, text: '))()' });
  }
  return applyEdits(code, edits);
}

