/**
 * API tests of the site and switch configuration (/api/sys/config/*): the rows seeded from the
 * environment at the first start (and for an upgraded installation) and kept across restarts; save
 * and detail with the SPEC §5 URL and directory messages, nothing written by a refused save; the
 * public site call answering a save at once and carrying no private field; the switches read by
 * other modules through `switches()`; the cache bound without a bus and its invalidation over Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import {
  configApi, DIR_FORMAT_MSG, isDirPath, isSiteUrl, LOGO_FORMAT_MSG, SysConfigError, URL_FORMAT_MSG, URL_SLASH_MSG,
  type SiteConfig, type SiteInfo, type SwitchConfig,
} from '@kaopei/contracts/sys-config';
import { buildApp } from '../../app';
import { advanceClock } from '../../lib/time';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must } from '../../test/builders';
import { CONFIG_CACHE_MS } from './sys-config.service';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('TEST_REDIS_URL is unset: the cross-process cache invalidation test of sys-config is skipped.');

/** Every key the public site call may answer. */
const PUBLIC_KEYS = ['siteName', 'frontLogo', 'backLogo', 'copyRight', 'filingNo', 'userReg', 'userAudit', 'userDeptType', 'mobileLogin', 'wechatLogin', 'cropLogin', 'dingLogin', 'faceLogin', 'moduleExam', 'moduleBattle', 'props'].sort();

const SWITCHES: SwitchConfig = {
  userReg: false, userAudit: true, userDeptType: 1, userDeptCode: 'A01', mobileLogin: true, wechatLogin: false,
  faceLogin: true, cropLogin: true, dingLogin: false, faceAudit: 'manual', loginTick: 1, moduleBattle: true,
};

const site = async (app: TestApp) => must(await app.call<SiteInfo>(configApi.site));

describe('first start: defaults from the environment', () => {
  let t: TestApp;
  let admin: string;
  const ENV = { KAOPEI_SITE_NAME: '测试培训站', KAOPEI_COPYRIGHT: '<p onclick="x()">© 2026 测试<script>alert(1)</script></p>', KAOPEI_FILING_NO: '京ICP备12345678号', KAOPEI_USER_REG: 'false' };

  beforeAll(async () => {
    t = await testApp(ENV, { fresh: true });
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds the site and switch rows from KAOPEI_SITE_NAME, KAOPEI_COPYRIGHT, KAOPEI_FILING_NO and KAOPEI_USER_REG', async () => {
    expect(await site(t)).toEqual({
      siteName: '测试培训站', frontLogo: '', backLogo: '', copyRight: '<p>© 2026 测试</p>', filingNo: '京ICP备12345678号', userReg: false, userAudit: false, userDeptType: 0,
      mobileLogin: false, wechatLogin: false, cropLogin: false, dingLogin: false, faceLogin: false,
      moduleExam: true, moduleBattle: false, props: { moduleCourse: true, moduleCert: true },
    });
    const detail = must(await t.call<SiteConfig>(configApi.detail, { id: '1' }, admin));
    expect(detail).toMatchObject({ id: '1', siteName: '测试培训站', backLogo: '', frontLogo: '', copyRight: '<p>© 2026 测试</p>', filingNo: '京ICP备12345678号', h5Host: '/' });
    expect(detail.tmpDir).toBe(`${t.config.dataDir.replace(/\\/g, '/')}/tmp/`);
    expect(isDirPath(detail.tmpDir)).toBe(true);
    expect(detail.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The detail's body defaults to id "1".
    expect(must(await t.call<SiteConfig>(configApi.detail, {}, admin)).siteName).toBe('测试培训站');
    expect(must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin))).toEqual({
      userReg: false, userAudit: false, userDeptType: 0, userDeptCode: 'A01', mobileLogin: false, wechatLogin: false,
      faceLogin: false, cropLogin: false, dingLogin: false, faceAudit: 'no', loginTick: 0, moduleBattle: false,
    });
    expect((await t.services.sysConfig.switches()).userReg).toBe(false);
  });

  it('keeps the stored rows at a later start whatever the environment says, and recreates missing rows (upgraded installation)', async () => {
    must(await t.call(configApi.save, { siteName: '管理员改过的名称', tmpDir: '/data/tmp/' }, admin));
    const later = await buildApp({ ...t.config, site: { siteName: '另一个名称', copyRight: '', filingNo: '', userReg: true } }, { db: t.db });
    try {
      const res = await later.app.inject({ method: 'POST', url: configApi.site.path, payload: {} });
      expect(res.json()).toMatchObject({ code: 0, data: { siteName: '管理员改过的名称', userReg: false } });
    } finally {
      await later.app.close();
    }
    // An installation upgraded from the version that read the environment has no rows: the next start creates them.
    await t.db.deleteFrom('sys_config').execute();
    await t.db.deleteFrom('sys_switch_config').execute();
    const upgraded = await buildApp({ ...t.config, site: { siteName: '升级站点', copyRight: '© 升级', filingNo: '', userReg: true } }, { db: t.db });
    try {
      expect(await t.db.selectFrom('sys_config').select(['id', 'siteName']).execute()).toEqual([{ id: '1', siteName: '升级站点' }]);
      expect(await t.db.selectFrom('sys_switch_config').select(['id', 'userReg']).execute()).toEqual([{ id: '1', userReg: 1 }]);
    } finally {
      await upgraded.app.close();
    }
  });
});

describe('base configuration', () => {
  let t: TestApp;
  let admin: string;
  const valid = { id: '1', siteName: '考培在线', backLogo: '/upload/logo-back.png', frontLogo: 'https://cdn.example.com/logo.png', tmpDir: '/var/kaopei/tmp/', copyRight: '<p>© 2026 <b>考培</b></p>', filingNo: '沪ICP备00000001号', h5Host: 'https://m.example.com/' };

  beforeAll(async () => {
    t = await testApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves and details the configuration; the copyright is sanitised; the public call answers the save at once', async () => {
    expect((await site(t)).siteName).toBe('考培'); // cached now
    expect(await t.call(configApi.save, { ...valid, copyRight: '<p onclick="x()">© 2026 <b>考培</b><img src=x onerror=alert(1)></p>', uploadType: 'aliyun' }, admin)).toMatchObject({ code: 0, data: null });
    const detail = must(await t.call<SiteConfig>(configApi.detail, { id: '1' }, admin));
    expect(detail).toMatchObject({ ...valid, copyRight: '<p>© 2026 <b>考培</b><img src="x"></p>' });
    expect(detail).not.toHaveProperty('uploadType');
    expect(await site(t)).toMatchObject({ siteName: '考培在线', backLogo: '/upload/logo-back.png', frontLogo: 'https://cdn.example.com/logo.png', copyRight: detail.copyRight, filingNo: '沪ICP备00000001号' });
    // Accepted variants: an IP with a port, "/", a drive letter, empty logos.
    must(await t.call(configApi.save, { ...valid, h5Host: 'http://192.168.1.20:8080/m/', tmpDir: 'D:/kaopei/tmp/', backLogo: '', frontLogo: '' }, admin));
    must(await t.call(configApi.save, { ...valid, h5Host: '/', tmpDir: '/' }, admin));
  });

  it('refuses bad input with the SPEC §5 messages and writes nothing', async () => {
    must(await t.call(configApi.save, valid, admin));
    const before = await t.db.selectFrom('sys_config').selectAll().execute();
    const refused = async (over: object, msg: string) => expect(await t.call(configApi.save, { ...valid, ...over }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg, success: false });
    await refused({ h5Host: '' }, 'URL不能为空！');
    await refused({ h5Host: '   ' }, 'URL不能为空！');
    await refused({ h5Host: null }, 'URL不能为空！');
    await refused({ h5Host: 'ftp://m.example.com/' }, URL_FORMAT_MSG);
    await refused({ h5Host: 'm.example.com/' }, URL_FORMAT_MSG);
    await refused({ h5Host: 'https://m.example.com' }, URL_SLASH_MSG);
    await refused({ tmpDir: '' }, '目录不能为空！');
    await refused({ tmpDir: undefined }, '目录不能为空！');
    await refused({ tmpDir: 'tmp/' }, DIR_FORMAT_MSG);
    await refused({ tmpDir: '/data/tmp' }, DIR_FORMAT_MSG);
    await refused({ tmpDir: '/data/../etc/' }, DIR_FORMAT_MSG);
    await refused({ tmpDir: 'C:\\kaopei\\tmp\\' }, DIR_FORMAT_MSG);
    await refused({ siteName: ' ' }, '站点名称不能为空！');
    await refused({ siteName: '名'.repeat(51) }, '站点名称不能超过50个字符');
    await refused({ frontLogo: 'javascript:alert(1)' }, LOGO_FORMAT_MSG);
    await refused({ backLogo: '//evil.example.com/x.png' }, LOGO_FORMAT_MSG);
    expect(await t.call(configApi.save, { ...valid, id: '2' }, admin)).toMatchObject({ code: SysConfigError.CONFIG_NOT_FOUND.code, msg: SysConfigError.CONFIG_NOT_FOUND.msg });
    expect(await t.call(configApi.detail, { id: '2' }, admin)).toMatchObject({ code: SysConfigError.CONFIG_NOT_FOUND.code });
    expect(await t.db.selectFrom('sys_config').selectAll().execute()).toEqual(before);
  });

  it('answers no private field on the public call, with or without a login', async () => {
    must(await t.call(configApi.save, valid, admin));
    const learner = await t.login(LEARNER);
    for (const token of [undefined, learner, admin]) {
      const res = await t.app.inject({ method: 'POST', url: configApi.site.path, payload: {}, headers: token ? { token } : {} });
      const data = (res.json() as { data: SiteInfo }).data;
      expect(Object.keys(data).sort()).toEqual(PUBLIC_KEYS);
      expect(res.body).not.toContain(valid.tmpDir);
      expect(res.body).not.toContain(valid.h5Host);
    }
  });

  it('refuses a learner and an anonymous caller on the administrator calls', async () => {
    const learner = await t.login(LEARNER);
    for (const ep of [configApi.detail, configApi.save, configApi.switchDetail, configApi.switchSave]) {
      expect((await t.call(ep, {}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
      expect((await t.call(ep, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
    }
  });

  it('hangs 基础配置 and 功能开关 under 系统管理 for the administrator', async () => {
    const routes = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    const sys = routes.find((r) => r.name === 'SysMgr');
    expect(sys?.children?.map((c) => [c.name, c.path, c.component])).toEqual(
      expect.arrayContaining([['SysConfig', '/admin/sys/config', 'SysConfig'], ['SysSwitch', '/admin/sys/switch', 'SysSwitch']]),
    );
  });
});

describe('switch configuration', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await testApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves the switches; the detail, switches() and the public call see them at once', async () => {
    expect((await site(t)).userReg).toBe(true);
    expect((await t.services.sysConfig.switches()).loginTick).toBe(0); // cached now
    expect(await t.call(configApi.switchSave, SWITCHES, admin)).toMatchObject({ code: 0, data: null });
    expect(must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin))).toEqual(SWITCHES);
    expect(await t.services.sysConfig.switches()).toEqual(SWITCHES);
    expect(await site(t)).toMatchObject({ userReg: false, userAudit: true, userDeptType: 1, mobileLogin: true, wechatLogin: false, faceLogin: true, cropLogin: true, dingLogin: false });
    const back = { ...SWITCHES, userReg: true, userDeptType: 0 as const, userDeptCode: '', faceAudit: 'auto' as const, loginTick: 0 as const };
    must(await t.call(configApi.switchSave, back, admin));
    expect(await t.services.sysConfig.switches()).toEqual(back);
    expect((await site(t)).userReg).toBe(true);
  });

  it('refuses bad switches with their messages and writes nothing', async () => {
    must(await t.call(configApi.switchSave, SWITCHES, admin));
    const before = await t.db.selectFrom('sys_switch_config').selectAll().execute();
    const refused = async (over: object, msg: string) => expect(await t.call(configApi.switchSave, { ...SWITCHES, ...over }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg });
    await refused({ userDeptType: 1, userDeptCode: ' ' }, '默认部门不能为空！');
    await refused({ userDeptType: 2 }, '请选择注册部门方式！');
    await refused({ faceAudit: 'sometimes' }, '请选择人脸审核方式！');
    await refused({ loginTick: 2 }, '请选择多处登录策略！');
    await refused({ userReg: 'yes' }, '开放注册开关不正确！');
    await refused({ dingLogin: undefined }, '钉钉登录开关不正确！');
    expect(await t.db.selectFrom('sys_switch_config').selectAll().execute()).toEqual(before);
    expect(await t.services.sysConfig.switches()).toEqual(SWITCHES);
  });
});

describe('the cache across processes', () => {
  it('without a bus between them, another process sees a save within CONFIG_CACHE_MS', async () => {
    const t = await testApp();
    const other = await buildApp(t.config, { db: t.db });
    try {
      const admin = await t.login();
      expect((await other.services.sysConfig.site()).siteName).toBe('考培'); // cached by the other process
      must(await t.call(configApi.save, { siteName: '新名称', tmpDir: '/tmp/kaopei/' }, admin));
      expect((await other.services.sysConfig.site()).siteName).toBe('考培');
      advanceClock(CONFIG_CACHE_MS + 1);
      expect((await other.services.sysConfig.site()).siteName).toBe('新名称');
    } finally {
      await other.app.close();
      await t.close();
    }
  });

  it.skipIf(!REDIS_URL)('with Redis, a save drops the cached copy of every process (bus topic sys-config.changed)', async () => {
    const t = await testApp({ REDIS_URL: REDIS_URL as string });
    const other = await buildApp(t.config, { db: t.db });
    await other.app.ready(); // subscribed (the bus is ready once Redis confirmed every SUBSCRIBE)
    try {
      const admin = await t.login();
      expect((await other.services.sysConfig.switches()).loginTick).toBe(0); // cached by the other process
      must(await t.call(configApi.switchSave, SWITCHES, admin));
      let seen = 0;
      for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
        seen = (await other.services.sysConfig.switches()).loginTick;
        if (seen === 1) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toBe(1);
    } finally {
      await other.app.close();
      await t.close();
    }
  });
});

describe('validators (SPEC §5)', () => {
  it('accepts http/https domains and IPs or "/" as site URLs', () => {
    for (const ok of ['/', 'http://example.com', 'https://a.b.example.cn/m/', 'http://10.0.0.1:8080/', 'http://localhost:5173/']) expect(isSiteUrl(ok), ok).toBe(true);
    for (const bad of ['', 'example.com', 'ftp://example.com/', 'https://', 'https://exa mple.com/', 'http://300.1.1.1/', 'javascript:alert(1)', '//example.com/']) expect(isSiteUrl(bad), bad).toBe(false);
  });

  it('accepts directories that start with "/" or a drive letter and end with "/"', () => {
    for (const ok of ['/', '/tmp/', '/data/kaopei/tmp/', 'D:/kaopei/tmp/', 'c:/']) expect(isDirPath(ok), ok).toBe(true);
    for (const bad of ['', 'tmp/', '/tmp', 'D:kaopei/', '/a/../b/', 'C:\\tmp\\', '/a\nb/']) expect(isDirPath(bad), bad).toBe(false);
  });
});
