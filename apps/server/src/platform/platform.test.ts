/**
 * The module platform's own rules, checked on the real module tree: the generated API list is
 * current, every contracts endpoint is served by exactly one module, error codes are unique, every
 * permission code an endpoint demands can be granted (a module declares it as a function menu),
 * menus of all modules form one forest, each table has one owner and only that owner writes it,
 * and the lint rules refuse a route that imports a repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessCodes } from '@kaopei/contracts';
import { flattenMenus } from '../modules/sys-menu/sys-menu.service';
import { declaredEndpoints, declaredErrors, recordEndpoints, renderApiDocs } from './api-docs';
import type { LoadedModule } from './module';
import { loadModules } from './registry';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MODULES = path.join(ROOT, 'apps/server/src/modules');
let modules: LoadedModule[];

beforeAll(async () => {
  modules = await loadModules();
});

describe('the API list', () => {
  it('docs/api.md is what `npm run docs:api` writes now', async () => {
    const expected = renderApiDocs(modules, recordEndpoints(modules), await declaredErrors());
    const actual = fs.readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
    expect(actual, 'docs/api.md is out of date: run `npm run docs:api`').toBe(expected);
  });

  it('serves every endpoint the contracts declare, each by exactly one module, and nothing else', async () => {
    const served = recordEndpoints(modules);
    const declared = await declaredEndpoints();
    for (const d of declared) {
      const by = served.filter((s) => s.endpoint === d.endpoint);
      expect(by.map((b) => b.module), `${d.file} ${d.name} ${d.endpoint.path}`).toHaveLength(1);
    }
    for (const s of served) expect(declared.some((d) => d.endpoint === s.endpoint), `${s.module} serves ${s.endpoint.path}, declared in no contracts file`).toBe(true);
    const paths = served.map((s) => `${s.endpoint.kind === 'download' ? s.endpoint.method : 'POST'} ${s.endpoint.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('marks the reads of administrators readOnly (they are not operation-log entries)', () => {
    const READ = /\/(paging|detail|list|tree|tree-select|template|userList|bind-info)$/;
    for (const { module, endpoint } of recordEndpoints(modules)) {
      if (accessCodes(endpoint.access).length === 0 || !READ.test(endpoint.path)) continue;
      expect(endpoint.readOnly, `${module} ${endpoint.path} reads: declare it readOnly`).toBe(true);
    }
  });

  it('uses every error code once', async () => {
    const errors = await declaredErrors();
    expect(errors.length).toBeGreaterThan(10);
    const seen = new Map<number, string>();
    for (const e of errors) {
      expect(seen.get(e.code), `code ${e.code} of ${e.file} ${e.name} is also ${seen.get(e.code)}`).toBeUndefined();
      seen.set(e.code, `${e.file} ${e.name}`);
    }
  });
});

describe('permissions and menus', () => {
  it('declares every permission code an endpoint demands as a function menu, so an administrator can grant it', () => {
    const codes = new Set(flattenMenus(modules).filter((f) => f.decl.type === 2).map((f) => f.decl.permission));
    for (const { module, endpoint } of recordEndpoints(modules)) {
      for (const code of accessCodes(endpoint.access)) expect(codes.has(code), `${module} ${endpoint.path} demands ${code}`).toBe(true);
    }
  });

  it('builds one forest from every module: each key once, every parent declared, roots first', () => {
    const flat = flattenMenus(modules);
    expect(new Set(flat.map((f) => f.key)).size).toBe(flat.length);
    const position = new Map(flat.map((f, i) => [f.key, i]));
    for (const f of flat) if (f.parentKey) expect(position.get(f.parentKey), f.key).toBeLessThan(position.get(f.key) as number);
    expect(flat.filter((f) => !f.parentKey).map((f) => f.key)).toEqual(expect.arrayContaining(['Admin', 'ExamMgr', 'Web']));
  });

  it('refuses two modules declaring one menu key differently, and a parent nobody declares', () => {
    const a = { name: 'a', menus: [{ type: 1 as const, title: '甲', name: 'Same', path: '/a', sort: 0 }] };
    const b = { name: 'b', menus: [{ type: 1 as const, title: '乙', name: 'Same', path: '/a', sort: 0 }] };
    expect(() => flattenMenus([a, b])).toThrow(/Same is declared differently by a and b \(title\)/);
    expect(() => flattenMenus([{ name: 'c', menus: [{ parent: 'Nowhere', type: 3 as const, title: '丙', name: 'C', sort: 0 }] }])).toThrow(/hangs under Nowhere/);
  });
});

/** `[{table, op}]` of the Kysely calls in a source text (op: read or write). */
function tableUses(text: string): { table: string; write: boolean }[] {
  const out: { table: string; write: boolean }[] = [];
  for (const m of text.matchAll(/\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)/g)) {
    out.push({ table: m[2] as string, write: ['insertInto', 'updateTable', 'deleteFrom'].includes(m[1] as string) });
  }
  return out;
}

/** Tables of the platform itself (used through platform/*.ts, never by a module). */
const PLATFORM_TABLES = ['sys_seed_log', 'sys_job', 'sys_event'];

describe('table ownership (ARCHITECTURE §2)', () => {
  it('gives every table of the DB one owner and lets only the owner write it; other reads are declared dictText joins', () => {
    const platformTables = [...PLATFORM_TABLES, 'kysely_migration', 'kysely_migration_lock'];
    for (const m of modules) {
      const dir = path.join(MODULES, m.folder);
      const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('migrations'));
      for (const f of files) {
        for (const use of tableUses(fs.readFileSync(path.join(dir, f), 'utf8'))) {
          const own = (m.tables ?? []).includes(use.table as never);
          const where = `${m.folder}/${f} ${use.write ? 'writes' : 'reads'} ${use.table}`;
          expect(platformTables.includes(use.table), `${where}: platform tables are used through the platform`).toBe(false);
          if (use.write) expect(own, `${where}, owned by another module`).toBe(true);
          else expect(own || (m.dictJoins ?? []).includes(use.table as never), `${where}: not its table nor a declared dictJoin`).toBe(true);
        }
      }
    }
  });

  it('knows the owner of every table the migrations create', () => {
    const owned = new Set(modules.flatMap((m) => m.tables ?? []));
    const src = path.join(ROOT, 'apps/server/src');
    const migrations = [path.join(src, 'db/migrations'), ...modules.map((m) => path.join(MODULES, m.folder, 'migrations'))].filter((d) => fs.existsSync(d));
    const created = migrations.flatMap((d) => fs.readdirSync(d).flatMap((f) => [...fs.readFileSync(path.join(d, f), 'utf8').matchAll(/createTable\('([a-z_]+)'/g)].map((x) => x[1] as string)));
    expect(created.length).toBeGreaterThan(15);
    for (const t of created) expect(owned.has(t as never) || PLATFORM_TABLES.includes(t), `table ${t} has no owning module`).toBe(true);
  });
});

describe('lint rules of the layers', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const lint = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath: path.join(ROOT, filePath) }))[0]?.messages.map((m) => m.message) ?? [];

  it('refuses a route (a module index) that imports a repository or the database', async () => {
    expect(await lint('apps/server/src/modules/repo/index.ts', "import * as repo from './repo.repository';\nexport const x = repo;\n")).toEqual([
      expect.stringContaining('Routes are thin'),
    ]);
    expect((await lint('apps/server/src/modules/repo/index.ts', "import { sql } from 'kysely';\nexport const x = sql;\n"))[0]).toContain('Routes are thin');
  });

  it("refuses a module reaching another module's repository or tables, and SQL in a service", async () => {
    expect((await lint('apps/server/src/modules/exam/exam.service.ts', "import * as q from '../qu/qu.repository';\nexport const x = q;\n"))[0]).toContain("Another module's repository");
    expect((await lint('apps/server/src/modules/exam/exam.repository.ts', "import type { ElQuTable } from '../qu/qu.tables';\nexport type X = ElQuTable;\n"))[0]).toContain("Another module's tables");
    expect((await lint('apps/server/src/modules/exam/exam.service.ts', "import { sql } from 'kysely';\nexport const x = sql;\n"))[0]).toContain('Services write no SQL');
  });

  it('accepts the module as it is', async () => {
    expect(await lint('apps/server/src/modules/repo/repo.service.ts', fs.readFileSync(path.join(MODULES, 'repo/repo.service.ts'), 'utf8'))).toEqual([]);
  });
});
