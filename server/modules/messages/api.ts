import { createApiRouter } from "#server/http/api/router.ts";
import { eventsApi } from "./api/events.ts";
import { moderationApi } from "./api/moderation.ts";
import { notificationsApi } from "./api/notifications.ts";
import { threadsApi } from "./api/threads.ts";

/**
 * Messages (issue 7): the bell's counts, the inbox's threads and messages, replies, reading,
 * deleting, blocking, reporting, the notice switches and their one-click unsubscribe, and the
 * user's live event stream. A thread is the caller's only if they take part in it: any other id
 * answers 404 exactly like a missing one, and nothing changes.
 */
export const messagesApi = createApiRouter()
  .route("/", threadsApi)
  .route("/", moderationApi)
  .route("/", notificationsApi)
  .route("/", eventsApi);
