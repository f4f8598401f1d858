export { createWatchdogPersonalData } from "./personal-data.ts";
export { createWatchdogService, registerWatchdogJobs } from "./service.ts";
