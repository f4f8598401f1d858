import cluster, { type Worker } from "node:cluster";

type Message = { rarita: "rate-limit"; name: string; op: "attempt" | "reset"; key: string };

/** The limiters that share their counts with the other workers, by name (this process's latest). */
const shared = new Map<string, RateLimiter>();
let listening = false;

function isMessage(message: unknown): message is Message {
  return (message as Message | null)?.rarita === "rate-limit";
}

/** In a cluster worker: the other workers' attempts and resets, applied here too. */
function listenToOtherWorkers() {
  if (listening || !cluster.isWorker) return;
  listening = true;
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    const limiter = shared.get(message.name);
    if (message.op === "attempt") limiter?.apply(message.key);
    else limiter?.forget(message.key);
  });
}

/**
 * In the primary (server/workers.ts): what one worker's shared limiters count is sent on to every
 * other worker, so that the workers of one machine count together (ADR 0035).
 */
export function relayRateLimits(from: Worker, workers: () => Worker[]) {
  from.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    for (const worker of workers()) if (worker !== from && worker.isConnected()) worker.send(message);
  });
}

/**
 * A fixed-window counter per key, in memory. It guards login and code checks against guessing.
 * A limiter given a `shareAs` name counts together with the same limiter of the other workers of
 * this machine (WORKERS > 1: each attempt is sent through the cluster's primary, ADR 0035); the
 * others, and instances on other machines, each keep their own window, which still bounds
 * guessing to processes x limit.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;

  private readonly shareAs: string | undefined;

  constructor(limit: number, windowMs: number, now: () => number = Date.now, shareAs?: string) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
    this.shareAs = shareAs;
    if (shareAs && cluster.isWorker) {
      shared.set(shareAs, this);
      listenToOtherWorkers();
    }
  }

  private tell(op: Message["op"], key: string) {
    if (!this.shareAs || !cluster.isWorker || !process.send) return;
    const message: Message = { rarita: "rate-limit", name: this.shareAs, op, key };
    process.send(message);
  }

  /** Counts one attempt; returns false when the key is over its limit in this window. */
  attempt(key: string): boolean {
    this.tell("attempt", key);
    return this.apply(key);
  }

  /** Counts an attempt without telling the other workers (one of them made it). */
  apply(key: string): boolean {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 50_000) this.prune(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  /** True when the key has used up its window, without counting a new attempt. */
  isLimited(key: string): boolean {
    const entry = this.hits.get(key);
    return entry !== undefined && entry.resetAt > this.now() && entry.count >= this.limit;
  }

  /** Attempts counted for the key in its current window (0 when none or the window is over). */
  count(key: string): number {
    const entry = this.hits.get(key);
    return entry !== undefined && entry.resetAt > this.now() ? entry.count : 0;
  }

  /** Seconds until the key may try again (for Retry-After). */
  retryAfterSeconds(key: string): number {
    const entry = this.hits.get(key);
    return entry ? Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000)) : 0;
  }

  reset(key: string): void {
    this.tell("reset", key);
    this.forget(key);
  }

  /** Forgets the key without telling the other workers. */
  forget(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
