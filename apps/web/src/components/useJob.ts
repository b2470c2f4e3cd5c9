/**
 * Follows a background job (imports, mass messages …): polls /api/sys/job/detail every 500 ms
 * while `jobId` is set, until the job is done or failed (JobState ≥ DONE). Answers the react-query
 * result whose `data` is the JobView (state, progress 0–100, message, result). Only the user who
 * started a job can read it.
 */
import { useQuery } from '@tanstack/react-query';
import { jobApi, JobState } from '@kaopei/contracts/sys-job';
import { call } from '../api/request';

/** How often a job's progress is asked for (ms). */
export const JOB_POLL_MS = 500;

export function useJob(jobId: string | null) {
  return useQuery({
    queryKey: ['job', jobId],
    queryFn: () => call(jobApi.detail, { id: jobId as string }),
    enabled: Boolean(jobId),
    refetchInterval: (q) => (q.state.data && q.state.data.state >= JobState.DONE ? false : JOB_POLL_MS),
    gcTime: 0,
  });
}
