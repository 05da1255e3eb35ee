// Push-based async iterators for subscriptions (gateway/subscriptions.ts, subgraphs/agents/). An async generator cannot be stopped while it
// awaits its next value (return() waits for the await), so a closed socket would go unnoticed
// until the next event; this iterator detaches its listener the moment the consumer returns,
// which is how the bridge learns a desktop has gone.

export interface Live<T> {
  push(value: T): void;
  /** Ends the stream; with an error, the consumer's next read throws it. */
  end(error?: unknown): void;
  readonly iterator: AsyncIterableIterator<T>;
}

/** A stream whose `onClose` runs once, when the consumer returns or the stream ends. Buffers up to `maxBuffered` values (the oldest are dropped past it). */
export function liveStream<T>(onClose: () => void, maxBuffered = 1_000): Live<T> {
  const buffer: T[] = [];
  let waiting: ((r: IteratorResult<T>) => void) | null = null;
  let failWaiting: ((err: unknown) => void) | null = null;
  let done = false;
  let error: unknown = null;
  const close = () => {
    if (done) return;
    done = true;
    onClose();
  };
  const iterator: AsyncIterableIterator<T> = {
    next() {
      if (buffer.length) return Promise.resolve({ value: buffer.shift()!, done: false });
      if (error) {
        const e = error;
        error = null;
        return Promise.reject(e);
      }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => {
        waiting = resolve;
        failWaiting = reject;
      });
    },
    return() {
      close();
      buffer.length = 0;
      waiting?.({ value: undefined, done: true });
      waiting = failWaiting = null;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return {
    iterator,
    push(value) {
      if (done) return;
      if (waiting) {
        const w = waiting;
        waiting = failWaiting = null;
        w({ value, done: false });
      } else {
        buffer.push(value);
        if (buffer.length > maxBuffered) buffer.shift();
      }
    },
    end(err) {
      if (done) return;
      if (err !== undefined) {
        if (failWaiting) failWaiting(err);
        else error = err;
        waiting = failWaiting = null;
      } else {
        waiting?.({ value: undefined, done: true });
        waiting = failWaiting = null;
      }
      close();
    },
  };
}

/** Maps each value of a stream; returning the mapped stream returns the source at once. */
export function mapStream<T, U>(source: AsyncIterableIterator<T>, fn: (value: T) => U): AsyncIterableIterator<U> {
  return {
    async next() {
      const r = await source.next();
      return r.done ? { value: undefined, done: true } : { value: fn(r.value), done: false };
    },
    async return() {
      await source.return?.();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Passes a stream through while `check` keeps passing: it runs every `intervalMs` and before
 * each value; when it throws, the stream ends with that error and the source is returned (a
 * subscription whose key was revoked, or whose access token expired, stops).
 */
export function checkedStream<T>(
  source: AsyncIterableIterator<T>,
  check: () => Promise<void>,
  intervalMs: number,
): AsyncIterableIterator<T> {
  // The end callback runs only after the stream is handed out, by when the timer exists.
  const live = liveStream<T>(() => {
    clearInterval(timer);
    void source.return?.();
  });
  const fail = (err: unknown) => live.end(err);
  const timer = setInterval(() => void check().catch(fail), intervalMs);
  timer.unref();
  void (async () => {
    try {
      for (;;) {
        const r = await source.next();
        if (r.done) return live.end();
        await check();
        live.push(r.value);
      }
    } catch (err) {
      fail(err);
    }
  })();
  return live.iterator;
}
