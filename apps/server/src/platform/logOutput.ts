import fs from 'node:fs';

/**
 * Where the server's log lines go (the pino destination): a file descriptor, normally standard
 * output, written asynchronously so that logging never blocks or spins the event loop.
 *
 * A reader that stops reading (a stuck log shipper) or goes away (the supervisor or the terminal
 * pipe exited) must never stop the server: pino's own synchronous destination retries a failed
 * write forever, so the process could not even finish SIGTERM. Here:
 * - one write is in flight at a time, in order; `EAGAIN` is retried later on a timer;
 * - lines beyond `maxQueuedBytes` waiting for a slow reader are dropped (and counted);
 * - any other write error (`EPIPE`, `EBADF`, ...) marks the destination broken: every line from
 *   then on is dropped;
 * - `flush(ms)` waits for the queue to drain, but never longer than `ms`.
 */
export class LogOutput {
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private writing = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private drained: (() => void)[] = [];
  /** The destination failed for good (e.g. EPIPE): lines are dropped. */
  broken = false;
  /** Lines dropped (destination broken or queue full). */
  dropped = 0;

  constructor(
    private readonly fd = 1,
    private readonly maxQueuedBytes = 8 * 1024 * 1024,
  ) {}

  /** pino's destination interface. Never throws, never blocks. */
  write(line: string): boolean {
    if (this.broken) {
      this.dropped++;
      return true;
    }
    const buf = Buffer.from(line);
    if (this.queuedBytes + buf.length > this.maxQueuedBytes) {
      this.dropped++;
      return true;
    }
    this.queue.push(buf);
    this.queuedBytes += buf.length;
    if (!this.writing && !this.retryTimer) this.pump();
    return true;
  }

  /** Resolves once every queued line is written, the destination broke, or `ms` passed. */
  flush(ms: number): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.drained.push(done);
    });
  }

  private idle(): boolean {
    return this.broken || (this.queue.length === 0 && !this.writing);
  }

  private settle(): void {
    if (!this.idle()) return;
    const waiters = this.drained;
    this.drained = [];
    for (const w of waiters) w();
  }

  private pump(): void {
    this.retryTimer = null;
    if (this.broken || this.queue.length === 0) {
      this.writing = false;
      this.settle();
      return;
    }
    this.writing = true;
    const buf = this.queue.length === 1 ? this.queue[0]! : Buffer.concat(this.queue);
    this.queue = [buf];
    fs.write(this.fd, buf, 0, buf.length, null, (err, written) => {
      if (err) {
        if (err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK' || err.code === 'EINTR') {
          // The reader is slow: try again later without holding the event loop.
          this.writing = false;
          this.retryTimer = setTimeout(() => this.pump(), 50);
          this.retryTimer.unref();
          return;
        }
        this.fail();
        return;
      }
      const head = this.queue[0]!;
      if (written >= head.length) this.queue.shift();
      else this.queue[0] = head.subarray(written);
      this.queuedBytes -= written;
      this.pump();
    });
  }

  private fail(): void {
    this.broken = true;
    this.dropped += this.queue.length;
    this.queue = [];
    this.queuedBytes = 0;
    this.writing = false;
    this.settle();
  }
}

let stdoutOutput: LogOutput | null = null;

/** The process's standard-output log destination (one per process). */
export function stdoutLog(): LogOutput {
  stdoutOutput ??= new LogOutput(1);
  return stdoutOutput;
}
