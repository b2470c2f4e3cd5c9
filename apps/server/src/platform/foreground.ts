/**
 * Foreground pressure: how many requests this process is answering, so that background work steps
 * aside while they pile up (issue 9 "Scale": in a hand-in burst each hand-in queues five listener
 * jobs — wrong book, messages, points, certificates, class results — whose statements competed
 * with the hand-ins for the event loop and the database; measured in bench/README.md "Background
 * jobs step aside").
 *
 * app.ts counts every HTTP request (`track`) from `onRequest` until its response closes (finished
 * or cut off); socket upgrades are not counted (an exam socket stays open for the whole exam). The
 * job queue's workers (platform/jobs.ts) take no new job while `busy()`.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/** What background work asks (JobQueue.start). */
export interface Pressure {
  /** True while the process is busy with requests: background work should wait. */
  busy(): boolean;
}

/** How long `busy()` stays true after the requests in flight last reached the threshold (ms). */
export const BUSY_HOLD_MS = 1000;

/** Counts the requests in flight of one process (one per app). */
export class Foreground implements Pressure {
  private inFlight = 0;
  private busyUntil = 0;

  /**
   * @param busyAt requests in flight at which the process counts as busy (config JOB_YIELD_AT); 0:
   *   never busy (background work never waits)
   * @param holdMs busy() stays true this long after the count last reached `busyAt`, so that a
   *   burst whose requests briefly drain does not let the jobs back in between them
   */
  constructor(
    private readonly busyAt: number,
    private readonly holdMs = BUSY_HOLD_MS,
  ) {}

  /**
   * Counts `app`'s requests (hook onRequest, at the root: every route): each from its start until
   * its response closes, whether finished or cut off; socket upgrades are left out. Returns this.
   */
  track(app: FastifyInstance): this {
    app.addHook('onRequest', (req, reply, done) => {
      if (!req.headers.upgrade) {
        this.enter();
        reply.raw.once('close', () => this.leave());
      }
      done();
    });
    return this;
  }

  /** A request started. Pair with exactly one `leave()`. */
  enter(): void {
    this.inFlight++;
    if (this.busyAt > 0 && this.inFlight >= this.busyAt) this.busyUntil = performance.now() + this.holdMs;
  }

  /** A request's response closed. */
  leave(): void {
    this.inFlight--;
  }

  /** Requests in flight now. */
  get count(): number {
    return this.inFlight;
  }

  busy(): boolean {
    return this.busyAt > 0 && (this.inFlight >= this.busyAt || performance.now() < this.busyUntil);
  }
}
