import { z } from "zod";

/**
 * Web push's part of the environment (ADR 0110), read by server/config.ts. VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY (base64url, `npx web-push generate-vapid-keys`) sign our pushes; unset, a pair
 * is drawn at the first start and kept in DATA_DIR/vapid-keys.json (server/wiring/push.ts), which
 * serves one instance only: several share theirs through the environment. VAPID_SUBJECT is the
 * contact the push services see (mailto: or https:). PUSH_SIMULATOR=true starts the local push
 * service (server/adapters/push/simulator.ts) on PUSH_SIMULATOR_PORT (0: a free one), whose
 * origin is then accepted as an endpoint. PUSH_ENDPOINT_ORIGINS (comma-separated origins) accepts
 * the endpoints of another push service besides the browsers' own (a test's local one).
 */
export const PUSH_ENV = {
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{87}$/, "must be a base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{43}$/, "must be a base64url P-256 private key (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// address")
    .optional(),
  PUSH_ENDPOINT_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
      {
        message: "must be origins (scheme://host[:port]) separated by commas",
      },
    )
    .optional(),
  PUSH_SIMULATOR: z.enum(["true", "false"]).optional(),
  PUSH_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
};

export type PushConfig = {
  vapid: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /** Endpoint origins accepted besides the browsers' push services (PUSH_ENDPOINT_ORIGINS). */
  extraOrigins: string[];
  /** The simulator to start (`port`), or the one started (`url`, set by the process entry). */
  simulator: { port: number } | { url: string } | undefined;
};

export class PushEnvError extends Error {}

export function pushConfig(e: {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_ENDPOINT_ORIGINS?: string[];
  PUSH_SIMULATOR?: "true" | "false";
  PUSH_SIMULATOR_PORT: number;
  MAIL_FROM: string;
}): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
    throw new PushEnvError(
      `Invalid ${missing}="": VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together`,
    );
  }
  return {
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    // By default the address our mail comes from ("Rarita <no-reply@…>" -> mailto:no-reply@…).
    subject:
      e.VAPID_SUBJECT ?? `mailto:${e.MAIL_FROM.match(/[^<\s]+@[^>\s]+/)?.[0] ?? "no-reply@rarita.local"}`,
    extraOrigins: e.PUSH_ENDPOINT_ORIGINS ?? [],
    simulator: e.PUSH_SIMULATOR === "true" ? { port: e.PUSH_SIMULATOR_PORT } : undefined,
  };
}
