import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import { newMessagePushText } from "./notice-text.ts";
import { type PushOutbox, recipientOf, type UserReads } from "./ports.ts";

/**
 * A new message in a conversation, pushed to the recipient's browsers when they want messages
 * pushed (ADR 0110): who wrote, never what (a push shows on a locked screen), and the thread's link.
 */
export async function pushNewMessage(
  deps: { push?: PushOutbox; users: Pick<UserReads, "recipientsOf"> },
  tx: Db,
  input: { toUserId: number; fromUserId: number; threadId: number; messageId: number },
): Promise<void> {
  if (!deps.push) return;
  const [to, from] = await Promise.all([
    recipientOf(deps.users, tx, input.toUserId),
    recipientOf(deps.users, tx, input.fromUserId),
  ]);
  if (!to || to.deleted) return;
  await deps.push.enqueue(tx, input.toUserId, {
    kind: "message",
    key: `message-${input.messageId}`,
    ...newMessagePushText(to.locale, from?.username ?? ""),
    href: localePath("accountMessageThread", to.locale, { threadId: input.threadId }),
  });
}
