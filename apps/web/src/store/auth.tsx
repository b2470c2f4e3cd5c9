/**
 * Auth context (SPEC §4 Session): token (cookie `token`), the session user and the server route
 * tree (`/api/sys/menu/routes`).
 *
 * status: 'anonymous' (no token) → 'loading' (token, fetching user + routes) → 'ready', or
 * 'failed' when loading broke (the guard then resets the token and goes to login).
 * `login` / `mobileLogin` / `register` store the returned token and load the routes (a registration
 * put under review answers no token: nothing is stored, the caller shows the review message);
 * `updateUser` changes fields of the loaded session user after a profile, avatar or password change;
 * `logout` calls the server, clears everything and goes to /login (the provider lives inside the
 * router); `resetToken` clears locally only.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RoleType } from '@kaopei/contracts';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { type LoginReq, type MobileLoginReq, type RegReq, type SessionUser, userApi } from '@kaopei/contracts/sys-user';
import { userRealApi } from '@kaopei/contracts/user-real';
import { call } from '../api/request';
import { getToken, removeToken, setToken } from '../utils/token';
import { canShow } from '../utils/perm';

export type AuthStatus = 'anonymous' | 'loading' | 'ready' | 'failed';

/** The question before logging out (SPEC §5 "Logout asks a confirmation"; the header menus and /m/mine). */
export const LOGOUT_CONFIRM = '确定注销并退出系统吗？';

export interface AuthValue {
  status: AuthStatus;
  token: string;
  user: SessionUser | null;
  /** Server route tree; empty until loaded. */
  routes: RouteNode[];
  login: (body: LoginReq) => Promise<SessionUser>;
  /** Login by mobile number and SMS code (SPEC §4 Session "mobile-login"). */
  mobileLogin: (body: MobileLoginReq) => Promise<SessionUser>;
  /** Login by a camera frame (SPEC §4 Session "face-login", issue 12); failures are not notified (the face dialog shows them). */
  faceLogin: (base64: string) => Promise<SessionUser>;
  /** Registers; the answer's token is '' when the account waits for review (then nobody is logged in). */
  register: (body: RegReq) => Promise<SessionUser>;
  /** Merges `patch` into the session user (realName, avatar, changedPass … after the user changed them). */
  updateUser: (patch: Partial<SessionUser>) => void;
  logout: () => Promise<void>;
  resetToken: () => void;
  /** True when the user holds at least one of the codes (an empty list passes; SPEC §6). */
  hasPerm: (codes: string | string[]) => boolean;
}

const AuthContext = createContext<AuthValue | null>(null);

interface State {
  status: AuthStatus;
  token: string;
  user: SessionUser | null;
  routes: RouteNode[];
}

/** SPEC §2: the password was set by someone else (an administrator, an import, a reset) and the user has not changed it yet. */
export function mustChangePassword(user: Pick<SessionUser, 'passState' | 'changedPass'>): boolean {
  return user.passState === '1' && !user.changedPass;
}

/** Home of a role (SPEC §2): learners /web/home, everybody else /admin/dashboard. */
export function roleHome(user: SessionUser | null): string {
  return user && user.roleType !== RoleType.LEARNER ? '/admin/dashboard' : '/web/home';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() => {
    const token = getToken();
    return { status: token ? 'loading' : 'anonymous', token, user: null, routes: [] };
  });

  const loadSession = useCallback(async (token: string, known?: SessionUser) => {
    const user = known ?? (await call(userApi.info, {}));
    const routes = await call(menuApi.routes, {});
    setState({ status: 'ready', token, user, routes: Array.isArray(routes) ? routes : [] });
    return user;
  }, []);

  // Restore the session of a token found in the cookie at start.
  useEffect(() => {
    if (state.status !== 'loading' || state.user) return;
    let alive = true;
    loadSession(state.token).catch(() => {
      if (alive) setState((s) => ({ ...s, status: 'failed' }));
    });
    return () => {
      alive = false;
    };
  }, [state.status, state.token, state.user, loadSession]);

  const signIn = useCallback(
    async (user: SessionUser) => {
      setToken(user.token);
      queryClient.clear();
      try {
        return await loadSession(user.token, user);
      } catch (err) {
        removeToken();
        setState({ status: 'anonymous', token: '', user: null, routes: [] });
        throw err;
      }
    },
    [loadSession, queryClient],
  );

  const login = useCallback(async (body: LoginReq) => signIn(await call(userApi.login, body)), [signIn]);
  const mobileLogin = useCallback(async (body: MobileLoginReq) => signIn(await call(userApi.mobileLogin, body)), [signIn]);
  const faceLogin = useCallback(async (base64: string) => signIn(await call(userRealApi.faceLogin, { base64 }, { quiet: true })), [signIn]);
  const register = useCallback(
    async (body: RegReq) => {
      const user = await call(userApi.reg, body);
      return user.token ? signIn(user) : user;
    },
    [signIn],
  );
  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    setState((s) => (s.user ? { ...s, user: { ...s.user, ...patch } } : s));
  }, []);

  const resetToken = useCallback(() => {
    removeToken();
    queryClient.clear();
    setState({ status: 'anonymous', token: '', user: null, routes: [] });
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await call(userApi.logout, {}, { quiet: true });
    } catch {
      // The session is dropped locally anyway.
    }
    resetToken();
    navigate('/login', { replace: true });
  }, [resetToken, navigate]);

  const hasPerm = useCallback((codes: string | string[]) => canShow(state.user?.permissions ?? [], codes), [state.user]);

  const value = useMemo<AuthValue>(
    () => ({ ...state, login, mobileLogin, faceLogin, register, updateUser, logout, resetToken, hasPerm }),
    [state, login, mobileLogin, faceLogin, register, updateUser, logout, resetToken, hasPerm],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
