/**
 * The live battle rooms of this process (issue 10 "Answer battles"; SPEC §9 heartbeat): the room
 * socket `/api/socket/battle/:battleId`, served through the router's `socket()` (token cookie or
 * query, like the exam socket). A learner who joined gets the room (`state`) at once; text `ping`
 * is answered `pong`.
 *
 * Pushes: every process checks its own rooms every TICK_MS and, when the phase computed from the
 * server clock (`battleSchedule`) has moved, sends `question` (no right flag), then at the deadline
 * `reveal` and `ranking` (each player's own), and `end` with the final ranking. Nothing is kept in
 * memory but the sockets and the last phase pushed, so several nodes serve one battle, each to its
 * own sockets, and a restart loses nothing. A socket of someone who did not join (or a battle that
 * does not exist, or the module switched off) is closed with 1008.
 */
import type { WebSocket } from 'ws';
import { battleSchedule, type BattleMessage } from '@kaopei/contracts/battle';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../../platform/auth';
import { WS_POLICY_VIOLATION } from '../../platform/router';
import { now } from '../../lib/time';
import { rankingOf, revealFor, type Battle, type BattleService } from './battle.service';

/** How often a process looks whether its rooms changed phase (ms of real time). */
export const TICK_MS = 200;
/** How long a battle row is reused by the ticker before it is read again (an edit before the start). */
const ROW_TTL_MS = 2_000;

interface Room {
  /** userId → this process's open sockets of that player. */
  players: Map<string, Set<WebSocket>>;
  battle: Battle;
  quIds: string[];
  loadedAt: number;
  /** `${phase}:${index}` last pushed. */
  pushed: string;
}

const send = (s: WebSocket, msg: BattleMessage) => {
  if (s.readyState === s.OPEN) s.send(JSON.stringify(msg));
};

export class BattleRoomHub {
  private readonly rooms = new Map<string, Room>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking = false;

  constructor(private readonly battles: BattleService, private readonly log: FastifyBaseLogger) {}

  /**
   * A room socket just opened. Listens at once (ping → pong, close), then checks the module flag,
   * the battle and that the caller joined (else closes with 1008), sends `state` and tracks it.
   */
  connect(socket: WebSocket, user: AuthUser, battleId: string): void {
    let tracked = false;
    socket.on('message', (data, isBinary) => {
      if (!isBinary && data.toString() === 'ping') socket.send('pong');
    });
    socket.on('close', () => {
      if (tracked) this.forget(battleId, user.userId, socket);
    });
    void (async () => {
      try {
        if (!(await this.battles.enabled()) || !(await this.battles.isPlayer(battleId, user.userId))) {
          socket.close(WS_POLICY_VIOLATION, 'forbidden');
          return;
        }
        const battle = await this.battles.require(battleId);
        const room = this.rooms.get(battleId) ?? (await this.openRoom(battle));
        if (socket.readyState !== socket.OPEN) return;
        let mine = room.players.get(user.userId);
        if (!mine) room.players.set(user.userId, (mine = new Set()));
        mine.add(socket);
        tracked = true;
        send(socket, { type: 'state', ...(await this.battles.room(battleId, user)) });
        this.startTicking();
      } catch (err) {
        this.log.warn({ err, battleId }, 'battle socket refused');
        socket.close(WS_POLICY_VIOLATION, 'forbidden');
      }
    })();
  }

  private async openRoom(battle: Battle): Promise<Room> {
    const existing = this.rooms.get(battle.id);
    if (existing) return existing;
    const ph = battleSchedule(battle, now());
    const room: Room = { players: new Map(), battle, quIds: await this.battles.questionIds(battle.id), loadedAt: Date.now(), pushed: `${ph.phase}:${ph.index}` };
    this.rooms.set(battle.id, this.rooms.get(battle.id) ?? room);
    return this.rooms.get(battle.id) as Room;
  }

  private forget(battleId: string, userId: string, socket: WebSocket): void {
    const room = this.rooms.get(battleId);
    const set = room?.players.get(userId);
    set?.delete(socket);
    if (room && set?.size === 0) room.players.delete(userId);
    if (room && room.players.size === 0) this.rooms.delete(battleId);
    if (this.rooms.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private startTicking(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Pushes what changed in every room of this process since the last tick (the ticker calls it; tests may too). */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      for (const room of this.rooms.values()) {
        try {
          await this.step(room);
        } catch (err) {
          this.log.error({ err, battleId: room.battle.id }, 'battle push failed');
        }
      }
    } finally {
      this.ticking = false;
    }
  }

  private async step(room: Room): Promise<void> {
    if (Date.now() - room.loadedAt > ROW_TTL_MS) {
      const fresh = await this.battles.require(room.battle.id).catch(() => null);
      if (!fresh) {
        for (const set of room.players.values()) for (const s of set) s.close(WS_POLICY_VIOLATION, 'gone');
        this.rooms.delete(room.battle.id);
        return;
      }
      if (fresh.updateTime !== room.battle.updateTime) room.quIds = await this.battles.questionIds(fresh.id);
      room.battle = fresh;
      room.loadedAt = Date.now();
    }
    const ph = battleSchedule(room.battle, now());
    const key = `${ph.phase}:${ph.index}`;
    if (key === room.pushed) return;
    room.pushed = key;
    const b = room.battle;
    const quId = room.quIds[ph.index];
    if (ph.phase === 'question' && quId) {
      const q = await this.battles.openQuestion(b, ph.index, quId, null);
      for (const set of room.players.values()) for (const s of set) send(s, { type: 'question', ...q, leftMs: Math.max(0, q.deadline - now()) });
    } else if (ph.phase === 'reveal' && quId) {
      // One read per room; each player's reveal and ranking are cut from it.
      const snap = await this.battles.snapshot(b.id, quId);
      for (const [userId, set] of room.players) {
        const reveal = revealFor(snap, ph.index, quId, userId);
        const ranking = rankingOf(snap, userId);
        for (const s of set) {
          send(s, { type: 'reveal', ...reveal });
          send(s, { type: 'ranking', ...ranking });
        }
      }
    } else if (ph.phase === 'end') {
      const snap = await this.battles.snapshot(b.id, null);
      for (const [userId, set] of room.players) {
        const ranking = rankingOf(snap, userId);
        for (const s of set) send(s, { type: 'end', ranking });
      }
    }
  }
}
