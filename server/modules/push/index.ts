export {
  createPushService,
  PUSH_QUEUE,
  type PushJob,
  type PushNotice,
  type PushService,
  registerPushJobs,
} from "./service.ts";
