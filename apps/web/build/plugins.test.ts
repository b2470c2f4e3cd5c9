/**
 * The web build's rewrite of a contracts file (`contractsView`): endpoint declarations lose their
 * schemas and nothing else, endpoint tables move to a module of their own when they can, schema
 * values become droppable, line numbers stay, and declarations it cannot read fail loudly. Run on
 * a small file and on every real contracts file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractsView } from './plugins';

const CONTRACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contracts/src');
const fail = (msg: string): never => {
  throw new Error(msg);
};

const SAMPLE = `import { z } from 'zod';
import { idReq } from './common';
import { download, json, upload } from './endpoint';

export const fooReq = z.object({ title: z.string() });
export const FOO_LABEL: Record<number, string> = { 0: '正常' };
export const fooApi = {
  save: json({ path: '/api/foo/save', summary: '保存', access: 'user', body: fooReq, data: z.object({ id: z.string() }) }),
  detail: json({ path: '/api/foo/detail', summary: '详情', access: 'user', body: idReq, data: z.null(), ours: true }),
  file: download({ path: '/api/foo/file', summary: '下载', access: 'user', fileName: 'f.xlsx' }),
  up: upload({ path: '/api/foo/up', summary: '上传', access: 'user', fields: z.object({}), file: { field: 'file', accept: ['.xlsx'], maxBytes: 1 }, data: z.null() }),
};
`;

describe('contractsView', () => {
  it('strips the schemas of endpoint declarations, keeps everything else, and moves the table to its own module', () => {
    const tables = new Map<string, string>();
    const out = contractsView(SAMPLE, '/x/packages/contracts/src/foo.ts', fail, tables);
    const table = tables.get('/x/packages/contracts/src/foo.ts') ?? '';
    expect(table).toContain("export const fooApi = ");
    expect(table).toMatch(/\(\{ kind: 'json', path: '\/api\/foo\/save', summary: '保存', access: 'user',\s*\}\)/);
    expect(table).toContain("kind: 'download', method: 'GET', path: '/api/foo/file'");
    expect(table).toContain("file: { field: 'file', accept: ['.xlsx'], maxBytes: 1 }");
    expect(table).toContain('ours: true');
    expect(table).not.toMatch(/\b(body|data|fields):/);
    expect(table).not.toContain('fooReq');
    // The file re-exports the table from that module; its own values are droppable when unused.
    expect(out).toContain('import { fooApi } from "kaopei-endpoints:/x/packages/contracts/src/foo.ts"');
    expect(out).toContain('export { fooApi }');
    expect(out).toMatch(/export const fooReq = \/\* @__PURE__ \*\/ \(\(\) => \(z\.object/);
    expect(out).toContain("export const FOO_LABEL: Record<number, string> = { 0: '正常' };");
    // Line numbers stay (the original lines are blanked, not removed).
    expect(out.split('\n').length).toBeGreaterThanOrEqual(SAMPLE.split('\n').length);
  });

  it('moves the plain literal constants the tables read, and the error tables, into the table module', () => {
    const code = SAMPLE.replace("import { z } from 'zod';", "import { z } from 'zod';\nimport { defineErrors } from './errors';")
      .replace("access: 'user', body: fooReq", 'access: [FooPerm.SAVE, FOO_ANY], body: fooReq')
      .replace(
        'export const fooReq',
        "export const FooPerm = { SAVE: 'foo:save', N: -1, T: `t`, L: ['a', true, null] } as const;\nconst FOO_ANY = 'foo:any';\n" +
          "export const FooError = defineErrors({ GONE: { code: 90090001, msg: '不存在！' } });\nexport const fooReq",
      );
    const tables = new Map<string, string>();
    const out = contractsView(code, '/x/foo.ts', fail, tables);
    const table = tables.get('/x/foo.ts') ?? '';
    expect(table).toContain("export const FooPerm = { SAVE: 'foo:save', N: -1, T: `t`, L: ['a', true, null] } as const;");
    expect(table).toContain("export const FOO_ANY = 'foo:any';");
    expect(table).toContain("import { defineErrors } from './errors';");
    expect(table).toContain("export const FooError = defineErrors({ GONE: { code: 90090001, msg: '不存在！' } });");
    expect(table).toContain('access: [FooPerm.SAVE, FOO_ANY]');
    expect(table).not.toMatch(/fooReq|from 'zod'/);
    // The file imports what moved (its other values may use it) and re-exports what it exported.
    expect(out).not.toContain("const FooPerm = {");
    expect(out).toContain('import { FooPerm, FOO_ANY, FooError, fooApi } from "kaopei-endpoints:/x/foo.ts"');
    expect(out).toContain('export { FooPerm, FooError, fooApi }');
    expect(out.split('\n').length).toBeGreaterThanOrEqual(code.split('\n').length);
  });

  it('keeps a table that reads a computed value of its own file in place, still without schemas', () => {
    for (const perm of ["{ SAVE: ['foo', 'save'].join(':') }", "{ SAVE: BASE }", "{ ['SAVE']: 'foo:save' }", "{ SAVE: `foo:${'save'}` }"]) {
      const code = SAMPLE.replace("access: 'user', body: fooReq", 'access: FooPerm.SAVE, body: fooReq').replace('export const fooReq', `const BASE = 'b';\nexport const FooPerm = ${perm};\nexport const fooReq`);
      const tables = new Map<string, string>();
      const out = contractsView(code, '/x/foo.ts', fail, tables);
      expect(tables.size, perm).toBe(0);
      expect(out).toContain('access: FooPerm.SAVE');
      expect(out.slice(out.indexOf('export const fooApi'))).not.toMatch(/\b(body|data|fields):/);
    }
  });

  it('refuses an endpoint declaration it cannot read', () => {
    const spread = SAMPLE.replace("json({ path: '/api/foo/save'", "json({ ...base, path: '/api/foo/save'");
    expect(() => contractsView(spread, '/x/foo.ts', fail, new Map())).toThrow(/spread or computed key/);
    const noPath = SAMPLE.replace("path: '/api/foo/detail', ", '');
    expect(() => contractsView(noPath, '/x/foo.ts', fail, new Map())).toThrow(/without a path/);
  });

  it('rewrites every real contracts file: no endpoint keeps a schema, every path survives', () => {
    for (const f of fs.readdirSync(CONTRACTS).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const file = path.join(CONTRACTS, f);
      const source = fs.readFileSync(file, 'utf8');
      const tables = new Map<string, string>();
      const out = contractsView(source, file, fail, tables);
      const endpoints = tables.get(file) ?? out;
      for (const [, p] of source.matchAll(/path: '(\/api\/[^']+)'/g)) expect(endpoints, `${f} ${p}`).toContain(`path: '${p}'`);
      for (const decl of endpoints.matchAll(/\(\{ kind: '(?:json|upload|download)'[^)]*\}\)/g)) expect(decl[0], f).not.toMatch(/\b(body|data|fields):/);
    }
  }, 60_000); // parses every contracts file: slow on a loaded machine, not a speed check
});
