/** /api/stat/total/num/all: dashboard totals. */
import type { FastifyInstance } from 'fastify';
import { Perm, totalNumRes } from '@kaopei/contracts';
import { post } from '../../plugins/route';
import type { StatService } from './stat.service';

export function statRoutes(app: FastifyInstance, stats: StatService): void {
  post(app, { path: '/api/stat/total/num/all', summary: 'Dashboard totals', data: totalNumRes, access: Perm.DASHBOARD, handler: () => stats.totals() });
}
