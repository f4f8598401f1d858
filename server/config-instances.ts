import { z } from "zod";

/**
 * INSTANCES (ADR 0095): how many servers, each started on its own (a machine, a container, with
 * its own WORKERS), serve the site from one DATABASE_URL. The servers cannot see each other
 * before they run, so the operator says it; 1 by default.
 */
export const INSTANCES_ENV = {
  INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * Seconds a stopping server keeps serving after SIGTERM, its readiness already 503 and every
   * answer closing its connection, before it stops listening (ADR 0096): a balancer that checks
   * readiness moves away meanwhile, and its kept-alive connections close after an answer instead
   * of being cut under a request it sent (a POST that a proxy may not send again: a 502).
   * 0 (the default, one server without a balancer) stops listening at once.
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
};

type InstancesEnv = {
  WORKERS?: number;
  NODE_ENV: "development" | "production" | "test";
  INSTANCES: number;
  DATABASE_URL?: string;
  ALTCHA_HMAC_KEY?: string;
  FINGERPRINT_HMAC_KEY?: string;
  AGE_CHECK_SALT?: string;
};

/**
 * The secrets every instance must hold alike, which a lone server draws for itself when unset: the
 * proof-of-work key (a challenge issued by one instance is checked by another; it also keys the
 * shared rate limits' hashes), the key of the devices' and addresses' hashes and the salt of the
 * age proofs' subjects (both kept per DATA_DIR otherwise, so per machine). The workers of one
 * server share what their primary drew (server/workers.ts); several servers cannot.
 */
const SHARED_SECRETS = ["ALTCHA_HMAC_KEY", "FINGERPRINT_HMAC_KEY", "AGE_CHECK_SALT"] as const;

/**
 * Several processes (WORKERS, ADR 0035) or instances need PostgreSQL; several instances in
 * production need the shared secrets set: a start that would draw its own stops with the names of
 * the missing ones instead.
 */
export function processesProblem(e: InstancesEnv): string | null {
  if ((e.WORKERS ?? 1) > 1 && !e.DATABASE_URL)
    return `Invalid WORKERS="${e.WORKERS}": several processes need DATABASE_URL (the embedded database serves one process)`;
  if (e.INSTANCES === 1) return null;
  if (!e.DATABASE_URL)
    return `Invalid INSTANCES="${e.INSTANCES}": several instances need DATABASE_URL (the embedded database serves one process)`;
  if (e.NODE_ENV !== "production") return null;
  const missing = SHARED_SECRETS.filter((name) => !e[name]);
  if (missing.length === 0) return null;
  return `Invalid INSTANCES="${e.INSTANCES}": every instance must be given the same ${missing.join(", ")} (each would draw its own: challenges, rate limits and hashes would not match between them)`;
}
