import { isMessageKey, type Locale, translate } from "#core/i18n/index.ts";

/**
 * The template of a system message (a notice in the inbox): its text in the reader's language,
 * from its kind and the data stored with it. Like the mail templates, it is where a notice becomes
 * words (ADR 0068); the inbox and the thread view call it for each system message they show.
 */

/** A system message's text in the reader's language, from its kind and data; the stored body otherwise. */
export function systemText(
  locale: Locale,
  event: string | null,
  payload: Record<string, unknown> | null,
  body: string,
): string {
  const variant = typeof payload?.variant === "string" ? `.${payload.variant}` : "";
  const key = `messages.notice.${event}${variant}.message`;
  if (!event || !payload || !isMessageKey(key)) return body;
  const names = payload.names as Partial<Record<Locale, string>> | undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(payload))
    if (typeof value === "string" || typeof value === "number") values[name] = value;
  values.name = names?.[locale] ?? String(payload.productName ?? "");
  // An amount stored in both languages' formats (a payment request's price).
  const prices = payload.prices as Partial<Record<Locale, string>> | undefined;
  if (prices?.[locale]) values.price = prices[locale];
  const text = translate(locale, key, values);
  // A value the stored data lacks (an older message) would show as `{price}`: keep the stored text.
  return /\{\w+\}/.test(text) ? body : text;
}

/** The words of a new message's push (ADR 0110): who wrote, never what (it shows on a locked screen). */
export function newMessagePushText(locale: Locale, senderName: string): { title: string; body: string } {
  return {
    title: translate(locale, "push.newMessage.title"),
    body: translate(locale, "push.newMessage.body", { name: senderName }),
  };
}
