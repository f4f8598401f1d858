import type { NotificationKind } from "./messages.ts";

/**
 * Web push (issue 39, item 2; ADR 0110): the kinds a user can have pushed to their devices. Fewer
 * than the notice kinds: a push interrupts, so only what asks for a quick answer is offered (an
 * outbid, a win, a watched lot about to end, a new message, a step of a deal). Every deal kind
 * pushes as "deal".
 */
export const PUSH_KINDS = ["outbid", "won", "ending_soon", "message", "deal"] as const;

export type PushKind = (typeof PUSH_KINDS)[number];

/** The push switches of a user: every kind, off unless they turned it on (push is opt-in). */
export type PushSwitches = Record<PushKind, boolean>;

export const isPushKind = (value: unknown): value is PushKind =>
  typeof value === "string" && (PUSH_KINDS as readonly string[]).includes(value);

/** The push kind a notice of `kind` goes out as, or null when that notice is never pushed. */
export function pushKindOf(kind: NotificationKind): PushKind | null {
  if (kind === "outbid" || kind === "won" || kind === "ending_soon" || kind === "message") return kind;
  if (kind.startsWith("deal_")) return "deal";
  return null;
}

/** What the service worker receives in a push (JSON, encrypted by the sender, RFC 8291). */
export type PushPayload = {
  /** The notice's key: the notification's tag, so a second delivery replaces the first. */
  id: string;
  kind: PushKind;
  title: string;
  body: string;
  /** The page the notification opens (a path of our site). */
  url: string;
};

/** A browser's subscription as PushSubscription.toJSON() gives it. */
export type PushSubscriptionInput = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};
