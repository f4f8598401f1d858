export { createWatchdogService, registerWatchdogJobs } from "./service.ts";
