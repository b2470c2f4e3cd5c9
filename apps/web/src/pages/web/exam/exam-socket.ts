/**
 * The learner's exam socket (issue 9 "Live invigilation"; SPEC §7, §9): opens
 * /api/socket/exam/{userId}/{examId}/{platform} through the shared client (utils/live-socket.ts:
 * token cookie, text `ping` every 10 s, reconnect 3 s after a drop, never after a refusal 1008) and
 * calls `onRemind` with every message other than `pong` (the page shows it as the persistent
 * "管理员提醒" notice). Loaded lazily by the exam page (its JS budget). Returns the function that
 * closes it for good.
 */
import { examSocketPath } from '@kaopei/contracts/exam-watch';
import { connectLiveSocket } from '../../../utils/live-socket';

export function connectExamSocket(userId: string, examId: string, onRemind: (text: string) => void, platform = 'pc'): () => void {
  return connectLiveSocket(examSocketPath(userId, examId, platform), { onText: onRemind });
}
