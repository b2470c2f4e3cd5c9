/**
 * Background jobs (imports, exports, mass messages, media processing): the progress call the web
 * polls to show a progress bar. A job is visible to the user who started it.
 */
import { z } from 'zod';
import { idReq } from './common';
import { json } from './endpoint';

/** Job state: 0 queued, 1 running, 2 done, 3 failed. */
export const JobState = { QUEUED: 0, RUNNING: 1, DONE: 2, FAILED: 3 } as const;
export const JOB_STATE_LABEL: Record<number, string> = { 0: '排队中', 1: '执行中', 2: '已完成', 3: '失败' };

/** Answer of calls that start a job. */
export const jobRef = z.object({ jobId: z.string() });
export type JobRef = z.infer<typeof jobRef>;

/**
 * A job as its owner sees it: `progress` 0–100, `message` what it is doing (or why it failed),
 * `result` the job type's result once done (e.g. `importResult` for qu.import), else null.
 */
export const jobView = z.object({
  id: z.string(),
  type: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  progress: z.number().int(),
  message: z.string(),
  result: z.unknown(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type JobView = z.infer<typeof jobView>;

/** Calls of background jobs. */
export const jobApi = {
  detail: json({ path: '/api/sys/job/detail', summary: '后台任务的状态与进度（仅任务发起人可见）', access: 'user', body: idReq, data: jobView, ours: true }),
};
