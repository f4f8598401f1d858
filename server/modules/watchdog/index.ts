export { registerWatchdogJobs } from "./jobs.ts";
export { createWatchdogService, type WatchdogService } from "./service.ts";
