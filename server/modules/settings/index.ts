export { SETTING_NAMES, SETTING_SPECS } from "#core/schemas/settings.ts";
export { createSettingsService, type SettingsService } from "./service.ts";
