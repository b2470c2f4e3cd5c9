/**
 * Periodic module tasks (ModuleDecl.tasks, e.g. the paper sweeper that hands in overdue papers, SPEC §4
 * "Exam flow"): each runs once as soon as the server is ready, then every `everyMs`, never two runs of
 * one task at the same time (a tick that finds the task still running is skipped).
 *
 * The first runs are started, not awaited: `start()` returns at once. A first run may take long (a
 * server restarted after an outage hands in every paper that ran out meanwhile), and the server must
 * come up meanwhile: awaited inside Fastify's onReady hook it hit the hook's 10 s limit, and the server
 * did not start at all (1,375 overdue papers on PostgreSQL). `idle()` answers when no run is in
 * flight (tests, shutdown).
 */

/** One task to schedule: `run` answers how many things it did (reported to `onDone` when > 0). */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  run: () => Promise<number | void>;
}

export interface TaskHooks {
  onDone?: (name: string, count: number) => void;
  onError?: (name: string, err: unknown) => void;
}

export class TaskScheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly busy = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly hooks: TaskHooks = {}) {}

  /** Starts every task's first run (not awaited) and its interval timer (unref'd: it keeps no process alive). */
  start(tasks: readonly ScheduledTask[]): void {
    for (const task of tasks) {
      void this.tick(task);
      const timer = setInterval(() => void this.tick(task), task.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs `task` now unless a run of it is in flight (then answers that run). */
  tick(task: ScheduledTask): Promise<void> {
    const running = this.busy.get(task.name);
    if (running) return running;
    if (this.stopped) return Promise.resolve();
    const run = (async () => {
      try {
        const n = await task.run();
        if (n) this.hooks.onDone?.(task.name, n);
      } catch (err) {
        this.hooks.onError?.(task.name, err);
      } finally {
        this.busy.delete(task.name);
      }
    })();
    this.busy.set(task.name, run);
    return run;
  }

  /** Answers when no run is in flight. */
  async idle(): Promise<void> {
    while (this.busy.size) await Promise.all([...this.busy.values()]);
  }

  /** Stops the timers (no new run starts) and waits for the runs in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.forEach(clearInterval);
    this.timers.length = 0;
    await this.idle();
  }
}
