export { hasBuyerConversation } from "./buyer-conversations.ts";
export { buyerThreadsOf } from "./buyer-threads.ts";
export {
  type ConversationParties,
  conversationParties,
  postConversationEvent,
  touchConversation,
} from "./conversation-events.ts";
export { registerMessageJobs } from "./jobs.ts";
export { messageForModeration, takeOpenMessageReports } from "./moderation-reads.ts";
export { createNotifier, type Notifier } from "./notifier.ts";
export { createMessagesPersonalData } from "./personal-data.ts";
export type { PushOutbox } from "./ports.ts";
export { createMessagesService, type MessagesService } from "./service.ts";
export { openProductThread } from "./threads.ts";
export { createUserStreams } from "./user-streams.ts";
