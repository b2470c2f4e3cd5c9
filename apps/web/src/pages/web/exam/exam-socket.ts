/**
 * The learner's exam socket (issue 9 "Live invigilation"; SPEC §7, §9): opens
 * /api/socket/exam/{userId}/{examId}/{platform} on this origin (the `token` cookie authenticates
 * it), sends the text `ping` every 10 s, reconnects 3 s after a drop (not after a refusal, close
 * 1008), and calls `onRemind` with every message other than `pong` (the page shows it as the
 * persistent "管理员提醒" notice). Loaded lazily by the exam page (its JS budget). Returns the
 * function that closes it for good.
 */
import { examSocketPath, SOCKET_HEARTBEAT_MS } from '@kaopei/contracts/exam-watch';

const RECONNECT_MS = 3000;
const POLICY_VIOLATION = 1008;

export function connectExamSocket(userId: string, examId: string, onRemind: (text: string) => void, platform = 'pc'): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${examSocketPath(userId, examId, platform)}`;

  const open = () => {
    if (stopped) return;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      heartbeat = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send('ping');
      }, SOCKET_HEARTBEAT_MS);
    };
    socket.onmessage = (e: MessageEvent) => {
      const text = typeof e.data === 'string' ? e.data : '';
      if (text && text !== 'pong') onRemind(text);
    };
    socket.onclose = (e: CloseEvent) => {
      clearInterval(heartbeat);
      if (!stopped && e.code !== POLICY_VIOLATION) retry = setTimeout(open, RECONNECT_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    ws?.close(1000);
  };
}
