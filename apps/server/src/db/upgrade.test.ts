/**
 * Upgrading an installation of release 0.1.0 (test/fixtures/release-0.1.0.json: every row its first
 * start wrote, with the demo content) to this release, on SQLite and on PostgreSQL:
 * - the migrations added since run, the data is kept (the old accounts log in, the demo exam is open);
 * - menus are reconciled by key: the menus of domains added since (通知公告 under 系统管理) appear and
 *   their permission codes are granted to the administrator role; nothing is duplicated; an
 *   administrator's renames and revoked grants stay as they were; a built-in menu an administrator
 *   deleted after the upgrade is not brought back by the next start;
 * - a second start changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { noticeApi } from '@kaopei/contracts/notice';
import { loadConfig } from '../config';
import { buildApp, type BuiltApp } from '../app';
import { createDb, type Db } from '.';
import { discoveredMigrations } from '../platform/migrations';
import { flattenMenus } from '../modules/sys-menu/sys-menu.service';
import { ROLE_ADMIN_ID } from '../modules/sys-role/sys-role.constants';
import { createPgDatabase, dropPgDatabase, testEnv } from '../test/app';

interface Fixture {
  migrations: string[];
  tables: Record<string, Record<string, unknown>[]>;
}
const FIXTURE = JSON.parse(
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/release-0.1.0.json'), 'utf8'),
) as Fixture;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-upgrade-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const pgName = `kaopei_up_${randomBytes(5).toString('hex')}`;
let target = '';

afterAll(async () => {
  if (pgUrl) await dropPgDatabase(pgUrl, pgName);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A database exactly as release 0.1.0 left it: its one migration, then its rows. */
async function restoreOldRelease(): Promise<void> {
  target = pgUrl ? await createPgDatabase(pgUrl, pgName) : path.join(dir, 'kaopei.db');
  const db = createDb({ dialect: pgUrl ? 'postgres' : 'sqlite', target });
  try {
    const migrator = new Migrator({ db, provider: discoveredMigrations });
    const { error } = await migrator.migrateTo(FIXTURE.migrations[FIXTURE.migrations.length - 1] as string);
    if (error) throw error;
    const raw = db.withoutPlugins() as unknown as Db; // the fixture's columns are snake_case
    for (const [table, rows] of Object.entries(FIXTURE.tables)) {
      for (let i = 0; i < rows.length; i += 50) await raw.insertInto(table as never).values(rows.slice(i, i + 50) as never).execute();
    }
  } finally {
    await db.destroy();
  }
}

async function start(): Promise<BuiltApp> {
  const config = loadConfig(testEnv(dir, pgUrl ? { DATABASE_URL: target } : {}));
  const built = await buildApp(config);
  await built.app.ready();
  return built;
}

async function call<T>(b: BuiltApp, url: string, body: unknown, token?: string): Promise<{ code: number; data: T }> {
  const res = await b.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { token } : {} });
  return res.json() as { code: number; data: T };
}

const flat = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const menuRows = (b: BuiltApp) => b.db.selectFrom('sys_menu').select(['id', 'menuKey', 'title', 'name', 'permission']).execute();
const adminGrants = async (b: BuiltApp) =>
  (await b.db.selectFrom('sys_role_menu').innerJoin('sys_menu', 'sys_menu.id', 'sys_role_menu.menuId').select('sys_menu.menuKey').where('sys_role_menu.roleId', '=', ROLE_ADMIN_ID).execute()).map((r) => r.menuKey);

describe('upgrading a database made by release 0.1.0', () => {
  it('keeps the data, adds the new menus once, and keeps what the administrator changed', async () => {
    await restoreOldRelease();
    // What an administrator of 0.1.0 did before upgrading: renamed a menu, revoked a function.
    let db = createDb({ dialect: pgUrl ? 'postgres' : 'sqlite', target });
    await db.updateTable('sys_menu').set({ title: '题库维护' }).where('name', '=', 'ListRepo').execute();
    const stateFn = await db.selectFrom('sys_menu').select('id').where('permission', '=', 'exam:state').executeTakeFirstOrThrow();
    await db.deleteFrom('sys_role_menu').where('menuId', '=', stateFn.id).where('roleId', '=', ROLE_ADMIN_ID).execute();
    await db.destroy();

    const b = await start();
    try {
      expect(b.seeded).toEqual([]); // not a first start: no accounts, no demo content seeded again
      const login = await call<{ token: string; permissions: string[] }>(b, '/api/sys/user/login', { username: 'admin', password: 'Admin@123456' });
      expect(login.code).toBe(0);
      const token = login.data.token;
      expect((await call(b, '/api/sys/user/login', { username: 'learner', password: 'Learner@123456' })).code).toBe(0);

      // Every declared menu exists exactly once, the old ones under their old ids.
      const rows = await menuRows(b);
      const declared = flattenMenus(b.modules);
      for (const d of declared) expect(rows.filter((r) => r.menuKey === d.key), d.key).toHaveLength(1);
      for (const old of FIXTURE.tables.sys_menu as { id: string; name: string; permission: string }[]) {
        expect(rows.find((r) => r.id === old.id)?.menuKey, old.name || old.permission).toBe(old.name || old.permission);
      }
      // The new domain's menu and codes reach the administrator.
      const tree = flat((await call<RouteNode[]>(b, menuApi.routes.path, {}, token)).data);
      expect(tree.find((n) => n.name === 'ListNotice')).toMatchObject({ path: '/admin/sys/notice', component: 'ListNotice' });
      expect(login.data.permissions).toEqual(expect.arrayContaining(['sys:notice:list', 'sys:notice:add', 'sys:notice:update', 'sys:notice:delete']));
      expect((await call(b, noticeApi.paging.path, {}, token)).code).toBe(0);
      // What the administrator changed stays.
      expect(tree.find((n) => n.name === 'ListRepo')?.meta.title).toBe('题库维护');
      expect(login.data.permissions).not.toContain('exam:state');
      expect(await adminGrants(b)).not.toContain('exam:state');
      // The demo exam of 0.1.0 is still open to learners.
      const learner = (await call<{ token: string }>(b, '/api/sys/user/login', { username: 'learner', password: 'Learner@123456' })).data.token;
      const online = await call<{ records: { title: string }[] }>(b, '/api/exam/exam/online-paging', {}, learner);
      expect(online.data.records.map((r) => r.title)).toContain('安全生产基础知识测验（演示）');

      // After the upgrade the administrator deletes a built-in menu.
      const notice = rows.find((r) => r.menuKey === 'ListNotice');
      await b.db.deleteFrom('sys_role_menu').where('menuId', '=', notice?.id as string).execute();
      await b.db.deleteFrom('sys_menu').where('id', '=', notice?.id as string).execute();
    } finally {
      await b.app.close();
    }

    // A second start: nothing added, nothing brought back.
    db = createDb({ dialect: pgUrl ? 'postgres' : 'sqlite', target });
    const before = { menus: (await db.selectFrom('sys_menu').select('id').execute()).length, grants: (await db.selectFrom('sys_role_menu').select('id').execute()).length };
    await db.destroy();
    const again = await start();
    try {
      const after = { menus: (await again.db.selectFrom('sys_menu').select('id').execute()).length, grants: (await again.db.selectFrom('sys_role_menu').select('id').execute()).length };
      expect(after).toEqual(before);
      expect((await menuRows(again)).some((r) => r.menuKey === 'ListNotice')).toBe(false);
    } finally {
      await again.app.close();
    }
  });
});
