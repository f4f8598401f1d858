import { createECDH, randomBytes } from "node:crypto";
// @ts-expect-error http_ece ships no types: decrypt(buffer, params) -> Buffer.
import ece from "http_ece";
import type { PushPayload, PushSubscriptionInput } from "#core/contracts/push.ts";
import type { PushSimulator } from "#server/adapters/push/simulator.ts";

/**
 * A browser as far as web push goes (ADR 0110), for tests: it holds a subscription's keys (a P-256
 * key pair and an auth secret, as PushManager.subscribe() makes them), gets its endpoint from the
 * local push service, and decrypts what that service received for it (RFC 8291, aes128gcm).
 */
export function pushDevice(simulator: PushSimulator, applicationServerKey: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  const subscription: PushSubscriptionInput = {
    endpoint: simulator.createEndpoint(applicationServerKey),
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
  };
  return {
    subscription,
    /** What arrived so far, decrypted, oldest first. */
    received(): PushPayload[] {
      return simulator.received(subscription.endpoint).map((message) => {
        const plain: Buffer = ece.decrypt(Buffer.from(message.body, "base64"), {
          version: "aes128gcm",
          privateKey: ecdh,
          authSecret: auth,
        });
        return JSON.parse(plain.toString("utf8")) as PushPayload;
      });
    },
    raw: () => simulator.received(subscription.endpoint),
  };
}
