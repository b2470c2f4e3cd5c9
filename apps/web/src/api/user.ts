/** Account calls (SPEC §7 User): login, registration, session user, logout, password change. */
import type { LoginReq, RegReq, SessionUser, UpdatePassReq } from '@kaopei/contracts';
import { request } from './request';

export const userApi = {
  login: (body: LoginReq) => request<SessionUser>('/api/sys/user/login', body),
  reg: (body: RegReq) => request<SessionUser>('/api/sys/user/reg', body),
  /** Session user of the current token (roles, permissions, realPerson …). */
  info: () => request<SessionUser>('/api/sys/user/info'),
  logout: () => request<unknown>('/api/sys/user/logout', {}, { quiet: true }),
  updatePass: (body: UpdatePassReq) => request<unknown>('/api/sys/user/update-pass', body),
};
