/** SPEC §2 navigation rules, decided without a browser (guard.tsx `decide`). */
import { describe, expect, it } from 'vitest';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import type { SessionUser } from '@kaopei/contracts/sys-user';
import { mustChangePassword } from '../store/auth';
import { CHANGE_PASS_MSG, decide, LOGIN_REQUIRED_MSG, REAL_NAME_MSG } from './guard';

const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  token: 't', userId: '1', userName: 'u', realName: '学员', avatar: '', roleType: 1, roles: ['student'], permissions: [],
  unreadMsg: 0, mobile: '', realPerson: 1, deptCode: 'A01', passState: '0', changedPass: true, ...over,
});
const node = (path: string, component: string, children: RouteNode[] = []): RouteNode => ({ path, name: path, component, meta: { title: path }, children });
const WEB_TREE = [node('/web', 'WebLayout', [node('/web/home', 'WebHome'), node('/web/index', 'OnlineExam')])];
const ADMIN_TREE = [node('/admin', 'Layout', [node('/admin/dashboard', 'Dashboard')]), ...WEB_TREE];

const anonymous = { status: 'anonymous', user: null, routes: [] } as const;
const learner = (over: Partial<SessionUser> = {}) => ({ status: 'ready', user: user(over), routes: WEB_TREE }) as const;
const admin = (routes: RouteNode[] = ADMIN_TREE) => ({ status: 'ready', user: user({ roleType: 2, roles: ['sa'] }), routes }) as const;

describe('navigation guard (SPEC §2)', () => {
  it('lets visitors through the public paths only', () => {
    for (const p of ['/login', '/register', '/forgot', '/401', '/404', '/sync', '/web/home', '/web/state', '/web/state/details']) {
      expect(decide(p, '', anonymous as never), p).toEqual({ kind: 'pass' });
    }
    expect(decide('/web/index', '?x=1', anonymous as never)).toEqual({ kind: 'login-required', to: `/login?redirect=${encodeURIComponent('/web/index?x=1')}` });
    expect(decide('/admin/dashboard', '', anonymous as never).kind).toBe('login-required');
    expect(decide('/web/homework', '', anonymous as never).kind).toBe('login-required');
    expect(LOGIN_REQUIRED_MSG).toBe('请先登录');
  });

  it('shows the public certificate verification page to everybody, whatever the session (issue 7)', () => {
    expect(decide('/cert/verify/KP-2026-000001', '', anonymous as never)).toEqual({ kind: 'pass' });
    expect(decide('/cert/verify/KP-2026-000001', '', learner({ realPerson: 0 }) as never)).toEqual({ kind: 'pass' });
    expect(decide('/cert/verify/KP-2026-000001', '', learner({ passState: '1', changedPass: false }) as never)).toEqual({ kind: 'pass' });
    expect(decide('/cert/verify/KP-2026-000001', '', admin([]) as never)).toEqual({ kind: 'pass' });
    expect(decide('/cert/other', '', anonymous as never).kind).toBe('login-required');
  });

  it('sends a logged-in user on /login, "" or / to the role home, or to a safe redirect', () => {
    for (const p of ['/login', '', '/']) {
      expect(decide(p, '', learner() as never)).toEqual({ kind: 'redirect', to: '/web/home' });
      expect(decide(p, '', admin() as never)).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
    }
    expect(decide('/login', '?redirect=%2Fweb%2Findex', learner() as never)).toEqual({ kind: 'redirect', to: '/web/index' });
    expect(decide('/login', '?redirect=%2F%2Fevil.example', learner() as never)).toEqual({ kind: 'redirect', to: '/web/home' });
  });

  it('keeps learners out of /admin', () => {
    expect(decide('/admin', '', learner() as never)).toEqual({ kind: 'redirect', to: '/web/home' });
    expect(decide('/admin/exam/repo', '', learner() as never)).toEqual({ kind: 'redirect', to: '/web/home' });
    expect(decide('/web/index', '', learner() as never)).toEqual({ kind: 'pass' });
    expect(decide('/admin/exam/repo', '', admin() as never)).toEqual({ kind: 'pass' });
  });

  it('sends a learner without real-name verification to /web/uc, except there', () => {
    expect(decide('/web/index', '', learner({ realPerson: 0 }) as never)).toEqual({ kind: 'redirect', to: '/web/uc?to=real', warn: REAL_NAME_MSG });
    expect(decide('/web/uc', '', learner({ realPerson: 0 }) as never)).toEqual({ kind: 'pass' });
  });

  it('sends a learner whose password was set by someone else to the password tab of /web/uc, except there (SPEC §2)', () => {
    const forced = learner({ passState: '1', changedPass: false });
    expect(CHANGE_PASS_MSG).toBe('您需要修改密码后才能正常使用！');
    for (const p of ['/web/index', '/web/home', '/web/paper', '/profile/index']) {
      expect(decide(p, '', forced as never), p).toEqual({ kind: 'redirect', to: '/web/uc?to=pass', warn: CHANGE_PASS_MSG });
    }
    // Already in the personal centre (with or without the tab query), or on an error page: no loop.
    expect(decide('/web/uc', '?to=pass', forced as never)).toEqual({ kind: 'pass' });
    expect(decide('/web/uc', '', forced as never)).toEqual({ kind: 'pass' });
    expect(decide('/404', '', forced as never)).toEqual({ kind: 'pass' });
    // /login goes home first; home then sends on to the password tab.
    expect(decide('/login', '', forced as never)).toEqual({ kind: 'redirect', to: '/web/home' });
    // The password change comes before real-name verification.
    expect(decide('/web/index', '', learner({ passState: '1', changedPass: false, realPerson: 0 }) as never)).toEqual({ kind: 'redirect', to: '/web/uc?to=pass', warn: CHANGE_PASS_MSG });
    // Changed since, set by the user, or not a learner: nothing happens.
    expect(decide('/web/index', '', learner({ passState: '1', changedPass: true }) as never)).toEqual({ kind: 'pass' });
    expect(decide('/web/index', '', learner({ passState: '0', changedPass: false }) as never)).toEqual({ kind: 'pass' });
    const forcedAdmin = { ...admin(), user: user({ roleType: 2, roles: ['sa'], passState: '1', changedPass: false }) };
    expect(decide('/admin/dashboard', '', forcedAdmin as never)).toEqual({ kind: 'pass' });
    expect(mustChangePassword({ passState: '1', changedPass: false })).toBe(true);
    expect(mustChangePassword({ passState: '', changedPass: false })).toBe(false);
  });

  it('resets the token of an admin without generated menus (SPEC §6 message)', () => {
    expect(decide('/admin/dashboard', '', admin(WEB_TREE) as never)).toEqual({
      kind: 'reset',
      to: `/login?redirect=${encodeURIComponent('/admin/dashboard')}`,
      error: '您无权访问此系统，请联系管理员进行菜单授权！',
    });
  });

  it('waits while the session loads and resets on a failed load', () => {
    expect(decide('/web/index', '', { status: 'loading', user: null, routes: [] } as never)).toEqual({ kind: 'wait' });
    expect(decide('/web/index', '', { status: 'failed', user: null, routes: [] } as never).kind).toBe('reset');
  });
});
