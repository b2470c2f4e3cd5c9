/**
 * The one WebSocket client of the web app (SPEC §4 "a websocket connection sends a ping at the
 * heartbeat interval and reconnects if not open", §9 a text ping every 10 s): opens `path` on this
 * origin (the `token` cookie authenticates it), sends the text `ping` every SOCKET_HEARTBEAT_MS,
 * reconnects RECONNECT_MS after a drop (never after a refusal, close 1008), and calls `onText` with
 * every text message other than `pong`. The exam socket (pages/web/exam/exam-socket.ts), the
 * battle room and the course reading socket use it. `connectLiveSocket` returns the function that
 * closes it for good; `openLiveSocket` also lets the page send (`send` answers false while the
 * socket is not open, so the caller can use its HTTP fallback).
 */
import { SOCKET_HEARTBEAT_MS } from '@kaopei/contracts/exam-watch';

export const RECONNECT_MS = 3000;
const POLICY_VIOLATION = 1008;

export interface LiveSocketEvents {
  onText: (text: string) => void;
  /** Each (re)connection is open (e.g. to ask for the state again). */
  onOpen?: () => void;
  /** Refused by the server (1008): no reconnection follows. */
  onRefused?: () => void;
}

/** A live socket the page also sends on. */
export interface LiveSocket {
  /** Sends `text` when the socket is open; false otherwise (nothing is queued). */
  send(text: string): boolean;
  /** Closes it for good (no reconnection). */
  close(): void;
}

export function connectLiveSocket(path: string, events: LiveSocketEvents): () => void {
  const socket = openLiveSocket(path, events);
  return () => socket.close();
}

export function openLiveSocket(path: string, events: LiveSocketEvents): LiveSocket {
  let ws: WebSocket | null = null;
  let stopped = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;

  const open = () => {
    if (stopped) return;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      heartbeat = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send('ping');
      }, SOCKET_HEARTBEAT_MS);
      events.onOpen?.();
    };
    socket.onmessage = (e: MessageEvent) => {
      const text = typeof e.data === 'string' ? e.data : '';
      if (text && text !== 'pong') events.onText(text);
    };
    socket.onclose = (e: CloseEvent) => {
      clearInterval(heartbeat);
      if (stopped) return;
      if (e.code === POLICY_VIOLATION) events.onRefused?.();
      else retry = setTimeout(open, RECONNECT_MS);
    };
  };
  open();
  return {
    send: (text: string) => {
      if (stopped || !ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(text);
      return true;
    },
    close: () => {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      ws?.close(1000);
    },
  };
}
