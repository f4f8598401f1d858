export { SETTING_NAMES, SETTING_SPECS } from "./schemas.ts";
export { createSettingsService, type SettingsService } from "./service.ts";
