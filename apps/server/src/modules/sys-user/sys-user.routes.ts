/** /api/sys/user/*: login, reg, info, logout, update-pass (SPEC §7 "User"). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loginReq, regReq, sessionUser, updatePassReq, type SessionUser } from '@kaopei/contracts';
import { post } from '../../plugins/route';
import type { SysUserService } from './sys-user.service';

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Sets the `token` cookie (SPEC §4 Session) next to the token in the answer. */
function withCookie(reply: FastifyReply, user: SessionUser): SessionUser {
  reply.setCookie('token', user.token, { path: '/', httpOnly: false, sameSite: 'lax' });
  return user;
}

export function sysUserRoutes(app: FastifyInstance, users: SysUserService): void {
  post(app, {
    path: '/api/sys/user/login',
    summary: 'Log in with user name and password',
    body: loginReq,
    data: sessionUser,
    access: 'public',
    handler: async ({ body, req, reply }) => withCookie(reply, await users.login(body, client(req))),
  });
  post(app, {
    path: '/api/sys/user/reg',
    summary: 'Register a learner (answers like login)',
    body: regReq,
    data: sessionUser,
    access: 'public',
    handler: async ({ body, req, reply }) => withCookie(reply, await users.register(body, client(req))),
  });
  post(app, {
    path: '/api/sys/user/info',
    summary: 'The session user of the token',
    data: sessionUser,
    access: 'user',
    handler: ({ user }) => users.info(user),
  });
  post(app, {
    path: '/api/sys/user/logout',
    summary: 'End the session of the token',
    data: z.null(),
    access: 'user',
    handler: async ({ user, reply }) => {
      await users.logout(user);
      reply.clearCookie('token', { path: '/' });
      return null;
    },
  });
  post(app, {
    path: '/api/sys/user/update-pass',
    summary: 'Change the own password',
    body: updatePassReq,
    data: z.null(),
    access: 'user',
    handler: async ({ user, body }) => {
      await users.updatePassword(user, body);
      return null;
    },
  });
}
