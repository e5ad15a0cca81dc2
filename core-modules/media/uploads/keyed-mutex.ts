/** Runs work for one key at a time within this process; different keys run concurrently. */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => {}).then(work);
    const tail = current.catch(() => {});
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      // Forget the key once nothing else queued behind this run.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
