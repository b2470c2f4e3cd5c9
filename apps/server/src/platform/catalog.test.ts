/**
 * Registration of prop types and message events by the modules (platform/catalog.ts): a key declared
 * by two modules stops the start with a message naming both; the registered types and events are
 * what /api/sys/config/prop/detail and /api/notify/tmpl/* serve (no shared list).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { facePropType } from '@kaopei/contracts/face';
import { tmplApi } from '@kaopei/contracts/notify';
import { defineNotifyEvent, type NotifyEventInfo } from '@kaopei/contracts/notify-event';
import { definePropType, propReq } from '@kaopei/contracts/prop-type';
import { propApi, PropError, type PropDetail } from '@kaopei/contracts/sys-config-prop';
import { uploadPropType } from '@kaopei/contracts/sys-file';
import { z } from 'zod';
import { testApp, type TestApp } from '../test/app';
import { must } from '../test/builders';
import { catalogOf } from './catalog';
import { loadModules } from './registry';

const demoType = definePropType({ key: 'demo', label: '演示', providers: { x: z.object({ k: propReq('K不能为空') }) }, secrets: ['k'], defaultProvider: 'x', savedMsg: '演示配置保存成功！' });
const demoEvent = defineNotifyEvent({ key: 'demo.done', label: '演示完成', vars: { what: { label: '事项', sample: '演示' } }, template: { title: '{what}', content: '{realName}：{what}' } });

describe('catalogOf', () => {
  it('assembles the declarations of every module by key', () => {
    const c = catalogOf([{ name: 'a', propTypes: [uploadPropType], notifyEvents: [demoEvent] }, { name: 'b', propTypes: [demoType] }]);
    expect([...c.propTypes.keys()]).toEqual(['upload', 'demo']);
    expect(c.notifyEvents.get('demo.done')).toBe(demoEvent);
  });

  it('refuses a prop type key declared by two modules, naming both', () => {
    expect(() => catalogOf([{ name: 'face', propTypes: [facePropType] }, { name: 'other', propTypes: [{ ...demoType, key: 'face' }] }])).toThrow(
      'prop type face is declared by both module face and module other: keys must be unique',
    );
  });

  it('refuses a message event key declared twice (by two modules or by one)', () => {
    expect(() => catalogOf([{ name: 'a', notifyEvents: [demoEvent] }, { name: 'b', notifyEvents: [demoEvent] }])).toThrow('notify event demo.done is declared by both module a and module b');
    expect(() => catalogOf([{ name: 'a', notifyEvents: [demoEvent, demoEvent] }])).toThrow('notify event demo.done is declared by both module a and module a');
  });

  it('definePropType and defineNotifyEvent refuse a wrong declaration when it loads', () => {
    expect(() => definePropType({ ...demoType, defaultProvider: 'y' })).toThrow('default provider y');
    expect(() => defineNotifyEvent({ ...demoEvent, template: { title: '{nope}', content: '' } })).toThrow('{nope}');
    expect(() => defineNotifyEvent({ ...demoEvent, key: 'Bad key' })).toThrow('domain.what');
  });
});

describe('loadModules', () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stops the start when two module folders declare the same prop type', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kp-catalog-'));
    const write = (folder: string, body: string) => {
      fs.mkdirSync(path.join(dir, folder));
      fs.writeFileSync(path.join(dir, folder, 'index.js'), `export default { summary: '', service: () => ({}), ${body} };\n`);
    };
    fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
    write('alpha', `name: 'alpha', authenticator: () => async () => null, propTypes: [{ key: 'demo' }]`);
    write('beta', `name: 'beta', propTypes: [{ key: 'demo' }]`);
    await expect(loadModules(dir)).rejects.toThrow('prop type demo is declared by both module alpha and module beta');
  });
});

describe('the registered types and events are served', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the prop detail of every type a module declares, and 90090001 for one nobody declares', async () => {
    const declared = t.modules.flatMap((m) => (m.propTypes ?? []).map((p) => p.key));
    expect(declared).toEqual(expect.arrayContaining(['upload', 'face', 'live']));
    for (const key of declared) {
      const d = must(await t.call<PropDetail>(propApi.detail, { type: key }, admin));
      expect(d.type, key).toBe(key);
    }
    expect(await t.call(propApi.detail, { type: 'nobody' }, admin)).toMatchObject({ code: PropError.UNKNOWN_TYPE.code });
  });

  it('lists every registered event with {realName} and its variables, and takes templates only for them', async () => {
    const events = must(await t.call<NotifyEventInfo[]>(tmplApi.events, {}, admin));
    const registered = t.modules.flatMap((m) => (m.notifyEvents ?? []).map((e) => e.key));
    expect(events.map((e) => e.key).sort()).toEqual([...registered].sort());
    expect(registered).toEqual(expect.arrayContaining(['exam.publish', 'class.notice', 'course.finish', 'paper.marked']));
    const notice = events.find((e) => e.key === 'class.notice');
    expect(notice).toMatchObject({ label: '培训班通知', vars: [{ name: 'realName', label: '姓名', sample: '张三' }, { name: 'className' }, { name: 'noticeTitle' }] });
    const bad = await t.call(tmplApi.save, { title: 'x', content: 'y', event: 'nobody.event' }, admin);
    expect(bad).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择通知事件！' });
    await expect(t.services.notify.send({ event: 'nobody.event', userIds: ['1'], refId: '1' })).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMS });
  });
});
