/** The pure parts of the binding widgets: the always-listed lines (SPEC §2), the SMS countdown (SPEC §4, §9), safe return pages and the local provider's identities and targets. */
import { describe, expect, it } from 'vitest';
import type { BindListItem } from '@kaopei/contracts/sys-bind';
import { localIdentitySchema } from '@kaopei/contracts/sys-bind';
import { newIdentity, sameSiteTarget, sitePath, withAlwaysListed } from './bind-utils';

const line = (loginType: BindListItem['loginType'], bound = false): BindListItem => ({ loginType, loginType_dictText: '', bound, openId: '', createTime: '', canBind: true });

describe('login-binding list (SPEC §2)', () => {
  it('always shows mobile and WeChat, then what the server returned', () => {
    expect(withAlwaysListed([]).map((l) => [l.loginType, l.loginType_dictText, l.bound, l.canBind])).toEqual([
      ['mobile', '手机号', false, true],
      ['wechat', '微信', false, false],
    ]);
    const server = [line('mobile', true), line('wechat'), line('ding-talk', true)];
    expect(withAlwaysListed(server)).toEqual(server);
    expect(withAlwaysListed([line('ding-talk')]).map((l) => l.loginType)).toEqual(['mobile', 'wechat', 'ding-talk']);
  });
});

describe('return pages and the local provider', () => {
  it('follows only pages of this site, never /login or another site', () => {
    expect(sitePath('/web/uc?tab=bind')).toBe('/web/uc?tab=bind');
    for (const bad of ['//evil.example.com/', '/\\evil.example.com', 'https://evil.example.com/', '/login', '/login/oauth/wechat', '', null, undefined, 'web/uc']) expect(sitePath(bad)).toBeUndefined();
  });

  it('makes identities the server accepts, each new', () => {
    const a = newIdentity();
    expect(localIdentitySchema.safeParse(a).success).toBe(true);
    expect(newIdentity()).not.toBe(a);
  });

  it('goes back only to a redirect_uri of this origin', () => {
    expect(sameSiteTarget('http://localhost:8080/login/oauth/wechat', 'http://localhost:8080')?.pathname).toBe('/login/oauth/wechat');
    expect(sameSiteTarget('https://evil.example.com/login/oauth/wechat', 'http://localhost:8080')).toBeNull();
    expect(sameSiteTarget('not a url', 'http://localhost:8080')).toBeNull();
    expect(sameSiteTarget(null, 'http://localhost:8080')).toBeNull();
  });
});
