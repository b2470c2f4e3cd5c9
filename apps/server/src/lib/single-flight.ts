/**
 * Joins concurrent runs of the same work: the first call for a key runs it, calls for the same key
 * arriving while it runs wait for that run instead of starting their own (a hand-in sent twice at
 * once, lib's callers decide what the joiners answer).
 */
export class SingleFlight<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  /**
   * Runs `work` for `key`; while a run for `key` is in progress, waits for it and answers
   * `joined(its result)` — or, when that run fails, runs `work` itself.
   */
  run(key: K, work: () => Promise<V>, joined: (result: V) => V): Promise<V> {
    const running = this.running.get(key);
    if (running) return running.then(joined, () => this.run(key, work, joined));
    const mine = work().finally(() => this.running.delete(key));
    this.running.set(key, mine);
    return mine;
  }

  /** Runs in progress (tests). */
  get size(): number {
    return this.running.size;
  }
}
