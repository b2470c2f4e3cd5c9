/** /api/sys/config/site (public): site data for layouts (SPEC §3 "Site config"). */
import type { FastifyInstance } from 'fastify';
import { siteInfo } from '@kaopei/contracts';
import type { Config } from '../../config';
import { post } from '../../plugins/route';

export function sysConfigRoutes(app: FastifyInstance, config: Config): void {
  post(app, {
    path: '/api/sys/config/site',
    summary: 'Site name, logos, copyright and module flags',
    data: siteInfo,
    access: 'public',
    handler: async () => ({
      siteName: config.site.siteName,
      frontLogo: '',
      backLogo: '',
      copyRight: config.site.copyRight,
      filingNo: config.site.filingNo,
      userReg: config.site.userReg,
      moduleExam: true,
      moduleBattle: false,
      props: { moduleCourse: false, moduleCert: false },
    }),
  });
}
