/**
 * The battle room as the page shows it (issue 10 "Answer battles"): the server's room (HTTP
 * /api/battle/room or the socket's first `state` message) and each pushed message folded into one
 * value. `offset` is the server clock minus this browser's at the last message (countdowns use the
 * server's `deadline`/`startAt` through it, never the browser's clock alone).
 */
import type { BattleMessage, BattleOpenQuestion, BattleRanking, BattleReveal, BattleRoom } from '@kaopei/contracts/battle';

export interface RoomView {
  room: BattleRoom;
  phase: BattleRoom['phase'];
  question: BattleOpenQuestion | null;
  reveal: BattleReveal | null;
  ranking: BattleRanking;
  /** Options this player sent for the open question (null: not yet). */
  answered: string[] | null;
  /** Server ms − browser ms. */
  offset: number;
}

/** The view of a freshly loaded room (`at`: the browser's Date.now() when it arrived). */
export function fromRoom(room: BattleRoom, at: number): RoomView {
  return { room, phase: room.phase, question: room.question, reveal: room.reveal, ranking: room.ranking, answered: room.question?.answered ?? null, offset: room.now - at };
}

/** Folds one socket message into the view (`at`: the browser's Date.now() when it arrived). */
export function applyMessage(view: RoomView | null, msg: BattleMessage, at: number): RoomView | null {
  if (msg.type === 'state') {
    const { type: _type, ...room } = msg;
    return fromRoom(room, at);
  }
  if (!view) return view;
  switch (msg.type) {
    case 'question': {
      const { type: _type, ...q } = msg;
      // The deadline is the server's: leftMs counted from the receipt gives the server's "now".
      return { ...view, phase: 'question', question: q, reveal: null, answered: q.answered, offset: q.deadline - q.leftMs - at };
    }
    case 'reveal': {
      const { type: _type, ...r } = msg;
      return { ...view, phase: 'reveal', reveal: r };
    }
    case 'ranking': {
      const { type: _type, ...r } = msg;
      return { ...view, ranking: r };
    }
    case 'end':
      return { ...view, phase: 'end', question: null, reveal: null, ranking: msg.ranking };
    default:
      return view;
  }
}

/** Milliseconds from the server's "now" (browser `at` + offset) to `target` (server ms), never below 0. */
export function msUntil(view: Pick<RoomView, 'offset'>, target: number, at: number): number {
  return Math.max(0, target - (at + view.offset));
}
