/**
 * Dashboard totals (SPEC §3 "Dashboard totals"), POST /api/stat/total/num/all. Only the counts of
 * domains that exist so far are filled; the rest come with their domains.
 */
import { z } from 'zod';
import { json } from './endpoint';

export const totalNumRes = z.object({
  repoCount: z.number().int(),
  quCount: z.number().int(),
  examCount: z.number().int(),
  userCount: z.number().int(),
  /** Certificates granted (valid, expired or revoked). */
  grantCount: z.number().int(),
  /** Message templates. */
  tmplCount: z.number().int(),
  /** Answer battles (module battle; the dashboard shows it only when the site's moduleBattle is on). */
  battleCount: z.number().int(),
});
export type TotalNum = z.infer<typeof totalNumRes>;

/** Permission codes of statistics (SPEC §6). */
export const StatPerm = { DASHBOARD: 'sys:dashboard' } as const;

/** Calls of statistics (SPEC §7 "Certificates, points, statistics"). */
export const statApi = {
  totalNumAll: json({ path: '/api/stat/total/num/all', readOnly: true, summary: '控制台统计数字', access: StatPerm.DASHBOARD, data: totalNumRes }),
};
