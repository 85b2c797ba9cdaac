/** Thrown when too many tasks already wait: the caller answers 503 and the sender retries later. */
export class GateFull extends Error {
  constructor() {
    super('too many tasks waiting');
    this.name = 'GateFull';
  }
}

/**
 * Runs tasks one at a time per key and at most `concurrency` at a time in
 * all, waiting in memory (not on a database connection). Payment
 * notifications use it: a burst for one payment reference then holds one
 * connection, not the whole pool, and other borrowers' calls keep theirs.
 * Beyond `maxWaiting` tasks, run() refuses at once with GateFull.
 */
export class KeyedGate {
  private running = 0;
  private queued = 0;
  private readonly slots: (() => void)[] = [];
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  }

  /** Tasks admitted and not finished (running or waiting). */
  get size(): number {
    return this.queued;
  }

  /**
   * Runs `task` when its key and a slot are free. A task whose `signal` was
   * aborted meanwhile (its caller gave up: the request was answered) is not
   * run: run() rejects with the signal's reason.
   */
  async run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.queued >= this.maxWaiting + this.concurrency) throw new GateFull();
    this.queued += 1;
    const previous = this.tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
    this.tails.set(key, mine);
    try {
      await previous;
      await this.takeSlot();
      try {
        signal?.throwIfAborted();
        return await task();
      } finally {
        this.giveSlot();
      }
    } finally {
      this.queued -= 1;
      done();
      if (this.tails.get(key) === mine) this.tails.delete(key);
    }
  }

  private takeSlot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.slots.push(resolve));
  }

  private giveSlot(): void {
    const next = this.slots.shift();
    if (next) next();
    else this.running -= 1;
  }
}
