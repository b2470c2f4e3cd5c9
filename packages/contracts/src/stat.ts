/**
 * Dashboard totals (SPEC §3 "Dashboard totals"), POST /api/stat/total/num/all. Only the counts of
 * domains that exist so far are filled; the rest come with their domains.
 */
import { z } from 'zod';

export const totalNumRes = z.object({
  repoCount: z.number().int(),
  quCount: z.number().int(),
  examCount: z.number().int(),
  userCount: z.number().int(),
});
export type TotalNum = z.infer<typeof totalNumRes>;
