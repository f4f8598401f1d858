import { z } from "zod";

/** The metrics' settings (ADR 0093), checked with the rest of the environment (server/config.ts). */
export const METRICS_ENV = {
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
};
