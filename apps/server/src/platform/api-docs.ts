/**
 * docs/api.md is generated, never written by hand: every endpoint the modules registered (their
 * contracts' endpoint tables) and every error code the contracts declare. `npm run docs:api`
 * writes it; a test fails when the file differs from what the code would write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { accessCodes, isEndpoint, isErrorDef, type Endpoint, type ErrorDef } from '@kaopei/contracts';
import { isAudited } from './audit';
import type { LoadedModule } from './module';
import type { RegisteredEndpoint } from './router';

const CONTRACTS_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/contracts/src');

/** An error code with the contracts file and name that declare it. */
export interface DeclaredError extends ErrorDef {
  file: string;
  name: string;
}

/** Every ErrorDef of every contracts file (objects made with defineErrors), in file order. */
export async function declaredErrors(dir = CONTRACTS_SRC): Promise<DeclaredError[]> {
  const out: DeclaredError[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && n !== 'index.ts').sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (typeof value !== 'object' || value === null || isErrorDef(value) || isEndpoint(value)) continue;
      const entries = Object.entries(value);
      if (entries.length === 0 || !entries.every(([, v]) => isErrorDef(v))) continue;
      for (const [name, def] of entries) out.push({ ...(def as ErrorDef), file: f, name });
    }
  }
  return out;
}

/** Every endpoint of every contracts file's endpoint tables (to check that each one is served). */
export async function declaredEndpoints(dir = CONTRACTS_SRC): Promise<{ file: string; name: string; endpoint: Endpoint }[]> {
  const out: { file: string; name: string; endpoint: Endpoint }[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && n !== 'index.ts').sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as Record<string, unknown>;
    for (const [table, value] of Object.entries(mod)) {
      if (typeof value !== 'object' || value === null || isEndpoint(value)) continue;
      for (const [name, ep] of Object.entries(value)) if (isEndpoint(ep)) out.push({ file: f, name: `${table}.${name}`, endpoint: ep });
    }
  }
  return out;
}

/** A one-line sketch of a schema: `{id?, title, params:{title?}}`, `[…]`, `null`, `page of {…}`. */
export function sketch(schema: z.ZodType, depth = 0): string {
  const s = unwrap(schema);
  if (s instanceof z.ZodNull) return 'null';
  if (s instanceof z.ZodArray) return depth > 1 ? '[…]' : `[${sketch(s.element as z.ZodType, depth + 1)}]`;
  if (s instanceof z.ZodObject) {
    const shape = s.shape as Record<string, z.ZodType>;
    const keys = Object.keys(shape);
    if (keys.length === 0) return '—';
    if (keys.includes('records') && keys.includes('total')) {
      const rec = unwrap(shape.records as z.ZodType);
      return `page of ${rec instanceof z.ZodArray ? sketch(rec.element as z.ZodType, depth + 1) : '…'}`;
    }
    if (depth > 1) return '{…}';
    const fields = keys
      .filter((k) => k !== 't' && !k.endsWith('_dictText') && !(unwrap(shape[k] as z.ZodType) instanceof z.ZodUndefined))
      .map((k) => {
        const f = shape[k] as z.ZodType;
        const inner = unwrap(f);
        const nested = inner instanceof z.ZodObject && depth < 1 ? `:${sketch(inner, depth + 1)}` : '';
        return `${k}${f.safeParse(undefined).success ? '?' : ''}${nested}`;
      });
    return `{${fields.join(', ')}}`;
  }
  return 'value';
}

/** Strips optional/nullable/default/pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.in as z.ZodType;
    else if (s instanceof z.ZodLazy) s = s.unwrap() as z.ZodType;
    else break;
  }
  return s;
}

function accessText(ep: Endpoint): string {
  const codes = accessCodes(ep.access);
  const who = codes.length ? codes.join(' / ') : ep.access === 'public' ? 'public' : 'user';
  return isAudited(ep) ? `${who} · logged` : who;
}

function row(ep: Endpoint): string {
  const method = ep.kind === 'download' ? `${ep.method} ` : '';
  const ours = ep.ours ? ' *(ours)*' : '';
  let io: string;
  if (ep.kind === 'json') io = `${sketch(ep.body)} → ${sketch(ep.data)}`;
  else if (ep.kind === 'upload') io = `multipart \`${ep.file.field}\` (${ep.file.accept.join(', ')}, ≤ ${Math.round(ep.file.maxBytes / 1024 / 1024)} MB) + ${sketch(ep.fields)} → ${sketch(ep.data)}`;
  else io = `${sketch(ep.body)} → file ${ep.fileName}`;
  return `| \`${method}${ep.path}\`${ours} | ${accessText(ep)} | ${io.replace(/\|/g, '\\|')} | ${ep.summary} |`;
}

/** The text of docs/api.md. */
export function renderApiDocs(modules: readonly LoadedModule[], endpoints: readonly RegisteredEndpoint[], errors: readonly DeclaredError[]): string {
  const lines = [
    '# API calls',
    '',
    '<!-- Generated by `npm run docs:api` from the contracts\' endpoint tables and error definitions; do not edit. -->',
    '',
    'Every call is `POST` with a JSON body and answers `{code, msg, data, success}` unless marked',
    '(uploads are multipart, downloads answer a file). The token travels in header `token` (or cookie',
    '`token`). Full schemas: `/api/docs` (OpenAPI) and `packages/contracts/src/<domain>.ts`. Paths the',
    'spec shows are used as they are; paths the spec does not show are marked *(ours)*. `?` marks an',
    'optional field. `logged`: the call is an administrator\'s write, recorded in the operation log.',
    '',
    '| path | access | body → data | what |',
    '|---|---|---|---|',
    '| `GET /api/health` *(ours)* | public | → `{status, dialect}` | liveness and database check |',
    '| `GET /api/docs` *(ours)* | public | OpenAPI UI (`/api/docs/json` the document) | API documentation |',
  ];
  for (const m of [...modules].sort((a, b) => a.folder.localeCompare(b.folder))) {
    const own = endpoints.filter((e) => e.module === m.name);
    if (own.length === 0) continue;
    lines.push(`| **${m.name}** | | | ${m.summary} |`);
    for (const e of own) lines.push(row(e.endpoint));
  }
  lines.push(
    '',
    '## Error codes',
    '',
    'A business failure answers HTTP 200 with `{code, msg, data: null|…, success: false}`. Each domain',
    'declares its codes in its contracts file (`defineErrors`); this is the one table of all of them.',
    '',
    '| code | message | name | declared in |',
    '|---|---|---|---|',
  );
  for (const e of [...errors].sort((a, b) => a.code - b.code)) lines.push(`| ${e.code} | ${e.msg} | ${e.name} | contracts/${e.file} |`);
  return `${lines.join('\n')}\n`;
}

/**
 * The endpoints each module registers, without a server or a database: runs every module's
 * `routes` with a router that only records (registration never calls a service).
 */
export function recordEndpoints(modules: readonly LoadedModule[]): RegisteredEndpoint[] {
  const out: RegisteredEndpoint[] = [];
  for (const m of modules) {
    const add = (endpoint: Endpoint) => out.push({ module: m.name, endpoint });
    m.routes?.({ json: add, upload: add, download: add, socket: () => undefined }, undefined as never);
  }
  return out;
}
