/**
 * Site data as loaded for display (SPEC §3 "Site config"), POST /api/sys/config/site (public).
 * The editable site configuration (id "1") comes with the configuration issue; until then the
 * values come from the server's environment (KAOPEI_SITE_NAME, KAOPEI_COPYRIGHT, KAOPEI_FILING_NO).
 */
import { z } from 'zod';
import { json } from './endpoint';

export const siteInfo = z.object({
  siteName: z.string(),
  frontLogo: z.string(),
  backLogo: z.string(),
  /** Copyright HTML shown in footers. */
  copyRight: z.string(),
  /** ICP filing number shown in the login-layout footer; empty when not configured. */
  filingNo: z.string(),
  /** Whether learners may register themselves. */
  userReg: z.boolean(),
  moduleExam: z.boolean(),
  moduleBattle: z.boolean(),
  props: z.object({ moduleCourse: z.boolean(), moduleCert: z.boolean() }),
});
export type SiteInfo = z.infer<typeof siteInfo>;

/** Calls of the site configuration (SPEC §7 "Configuration and dictionaries"). */
export const configApi = {
  site: json({ path: '/api/sys/config/site', summary: '站点名称、Logo、版权与模块开关（公开）', access: 'public', data: siteInfo, ours: true }),
};
