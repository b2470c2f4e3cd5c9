/**
 * Site configuration (SPEC §3 "Site config"). Until the configuration screens exist, the site data
 * comes from the server's environment (KAOPEI_SITE_NAME, KAOPEI_COPYRIGHT, KAOPEI_FILING_NO,
 * KAOPEI_USER_REG).
 */
import type { SiteInfo } from '@kaopei/contracts/sys-config';
import type { ModuleContext } from '../../platform/module';

export class SysConfigService {
  constructor(private readonly ctx: ModuleContext) {}

  /** Site data as loaded for display (public). */
  site(): SiteInfo {
    const { site } = this.ctx.config;
    return {
      siteName: site.siteName,
      frontLogo: '',
      backLogo: '',
      copyRight: site.copyRight,
      filingNo: site.filingNo,
      userReg: site.userReg,
      moduleExam: true,
      moduleBattle: false,
      props: { moduleCourse: false, moduleCert: false },
    };
  }
}
