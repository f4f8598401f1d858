export type { ComplaintDecisionOutcome, LodgeOutcome } from "./complaints.ts";
export type { ModerationDeps, Moderator } from "./context.ts";
export { type ModerationDashboardFigures, moderationDashboardFigures } from "./dashboard-figures.ts";
export type { DecideOutcome } from "./decisions.ts";
export { REPORT_WINDOW_MS, REPORTS_PER_WINDOW, type Reporter, type ReportOutcome } from "./reports.ts";
export { createModerationService, type ModerationService } from "./service.ts";
