/**
 * Serialises async work per key inside one process: calls with the same key run one after
 * another, calls with different keys run concurrently. Needed because the local Netlify Blobs
 * server checks write conditions without a lock (docs/platform.md "Netlify Blobs").
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  /**
   * Runs `work` once every earlier call for `key` has settled.
   * @returns what `work` returns; rethrows what it throws (the queue continues either way).
   */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with queued or running work (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
