/**
 * Requests in flight in this process, so that background work yields to people waiting (issue 9
 * "Scale": in a hand-in burst each hand-in's `paper.marked` queued five listener jobs, whose SQL ran
 * on the same two cores as the hand-ins and cost more round trips than the hand-ins themselves).
 *
 * `quiet()` resolves at once while fewer than `busyAt` HTTP requests are in flight, otherwise once
 * they have dropped below it or after `maxWaitMs`, whichever comes first: background work goes on
 * under any load, at least one step per `maxWaitMs`. WebSocket upgrades are not counted (an open
 * socket is not a request waiting for an answer).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Requests in flight from which background work waits (a hand-in burst of 500/s keeps ~20–30 in flight). */
export const BUSY_REQUESTS = 8;
/** Longest wait of one step of background work (ms). */
export const MAX_YIELD_MS = 2_000;
const CHECK_MS = 20;

const counted = Symbol('requestLoadCounted');
type Counted = FastifyRequest & { [counted]?: boolean };

export class RequestLoad {
  private inFlight = 0;

  constructor(
    private readonly busyAt = BUSY_REQUESTS,
    private readonly maxWaitMs = MAX_YIELD_MS,
  ) {}

  /** Counts the requests of `app` (register before its routes). */
  register(app: FastifyInstance): void {
    const done = (req: Counted) => {
      if (!req[counted]) return;
      req[counted] = false;
      this.inFlight--;
    };
    app.addHook('onRequest', async (req: Counted) => {
      if (req.headers.upgrade) return;
      req[counted] = true;
      this.inFlight++;
    });
    app.addHook('onResponse', async (req: Counted) => done(req));
    app.addHook('onRequestAbort', async (req: Counted) => done(req));
  }

  /** HTTP requests in flight now. */
  get requests(): number {
    return this.inFlight;
  }

  /** Resolves when fewer than `busyAt` requests are in flight, or after `maxWaitMs`. */
  readonly quiet = async (): Promise<void> => {
    const until = performance.now() + this.maxWaitMs;
    while (this.inFlight >= this.busyAt && performance.now() < until) await new Promise((r) => setTimeout(r, CHECK_MS));
  };
}
