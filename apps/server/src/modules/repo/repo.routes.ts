/** /api/repo/*: question banks (SPEC §7 "Question banks"). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idReq, idsReq, Perm, repoPagingReq, repoPagingRes, repoRecord, repoSaveReq } from '@kaopei/contracts';
import { post, requirePerm } from '../../plugins/route';
import type { RepoService } from './repo.service';

export function repoRoutes(app: FastifyInstance, repos: RepoService): void {
  post(app, { path: '/api/repo/paging', summary: 'Page banks', body: repoPagingReq, data: repoPagingRes, access: Perm.REPO_LIST, handler: ({ body }) => repos.paging(body) });
  post(app, { path: '/api/repo/detail', summary: 'One bank', body: idReq, data: repoRecord, access: Perm.REPO_LIST, handler: ({ body }) => repos.detail(body.id) });
  post(app, {
    path: '/api/repo/save',
    summary: 'Create or update a bank',
    body: repoSaveReq,
    data: z.object({ id: z.string() }),
    access: [Perm.REPO_ADD, Perm.REPO_UPDATE],
    handler: ({ body, user }) => {
      requirePerm(user, body.id ? Perm.REPO_UPDATE : Perm.REPO_ADD);
      return repos.save(body, user.userId);
    },
  });
  post(app, {
    path: '/api/repo/delete',
    summary: 'Delete banks (and their questions)',
    body: idsReq,
    data: z.null(),
    access: Perm.REPO_DELETE,
    handler: async ({ body }) => {
      await repos.delete(body.ids);
      return null;
    },
  });
}
