export { registerWatchdogJobs } from "./jobs.ts";
export { createWatchdogPersonalData } from "./personal-data.ts";
export { createWatchdogService, type WatchdogService } from "./service.ts";
