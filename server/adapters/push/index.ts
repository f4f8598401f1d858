import webPush from "web-push";

/**
 * The web push port (RFC 8030 push services, RFC 8291 message encryption, RFC 8292 VAPID; ADR
 * 0110) and its one adapter on the `web-push` library. The library encrypts the payload and signs
 * the VAPID header (`generateRequestDetails`); the request itself goes out with fetch, since the
 * library only speaks https and the local simulator (simulator.ts) listens on plain http.
 */

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

export type PushMessage = {
  /** The encrypted body's plaintext (our JSON payload). */
  payload: string;
  /** Seconds the push service keeps it for an offline device. */
  ttl: number;
  /** RFC 8030 Topic: a second message with the same topic replaces one still waiting. */
  topic?: string;
  urgency?: "very-low" | "low" | "normal" | "high";
};

/**
 * `delivered`: the push service took it (201). `gone`: the subscription expired or was revoked
 * (404, 410), drop it. `rejected`: the service refused this message for good (another 4xx but
 * 429), do not retry. A network failure, 429 or 5xx throws, so the job retries.
 */
export type PushOutcome = "delivered" | "gone" | "rejected";

export type PushSender = {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
};

export class PushServiceError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`push service answered ${status}`);
    this.status = status;
  }
}

export function createWebPushSender(vapid: VapidKeys, options: { timeoutMs?: number } = {}): PushSender {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    async send(target, message) {
      const details = webPush.generateRequestDetails(target, message.payload, {
        vapidDetails: vapid,
        TTL: message.ttl,
        topic: message.topic,
        urgency: message.urgency,
        contentEncoding: "aes128gcm",
      });
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return "delivered";
      if (response.status === 404 || response.status === 410) return "gone";
      if (response.status === 429 || response.status >= 500) throw new PushServiceError(response.status);
      return "rejected";
    },
  };
}

/** A fresh VAPID key pair (P-256), base64url as browsers' applicationServerKey takes the public one. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
