import { z } from "zod";

/**
 * DATABASE_REPLICA_URL (ADR 0099): a streaming replica of DATABASE_URL's PostgreSQL that the
 * pages which tolerate a second of staleness read from (the catalogue's listings and search, the
 * archive of results). READ_PRIMARY_AFTER_WRITE_SECONDS: how long a browser that wrote keeps
 * reading the primary (a cookie set on its successful write), so it sees its own change.
 */
export const REPLICA_ENV = {
  DATABASE_REPLICA_URL: z
    .string()
    .refine((value) => {
      try {
        return ["postgres:", "postgresql:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, "must be a URL starting with postgres:// or postgresql://")
    .optional(),
  READ_PRIMARY_AFTER_WRITE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
};

export type ReplicaConfig = { url: string; primaryAfterWriteSeconds: number } | undefined;

export class ReplicaEnvError extends Error {}

/** The replica's settings; none without DATABASE_REPLICA_URL. PostgreSQL only. */
export function replicaConfig(e: {
  DATABASE_URL?: string;
  DATABASE_REPLICA_URL?: string;
  READ_PRIMARY_AFTER_WRITE_SECONDS: number;
}): ReplicaConfig {
  if (!e.DATABASE_REPLICA_URL) return undefined;
  if (!e.DATABASE_URL)
    throw new ReplicaEnvError(
      'Invalid DATABASE_REPLICA_URL="…": a replica needs DATABASE_URL (the embedded database has no replicas); unset it or set DATABASE_URL to its primary',
    );
  return { url: e.DATABASE_REPLICA_URL, primaryAfterWriteSeconds: e.READ_PRIMARY_AFTER_WRITE_SECONDS };
}
