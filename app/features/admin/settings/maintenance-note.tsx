import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { MaintenanceState } from "#core/schemas/settings.ts";

/** "HH:MM" in Prague, with the day before it when it was not today. */
export function switchedTime(iso: string, locale: Locale, now = new Date()): string {
  const at = new Date(iso);
  const day = (date: Date) =>
    new Intl.DateTimeFormat(locale, { timeZone: "Europe/Prague", dateStyle: "short" }).format(date);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone: "Europe/Prague",
    hour: "2-digit",
    minute: "2-digit",
  }).format(at);
  return day(at) === day(now) ? time : `${day(at)} ${time}`;
}

/** "Údržbu zapnul(a) X v HH:MM." — who switched maintenance and when, if known. */
export function MaintenanceSwitched({ state }: { state: MaintenanceState | null }) {
  const { locale, t } = useTranslation();
  if (!state?.switched_at || !state.switched_by) return null;
  const params = { name: state.switched_by.name, time: switchedTime(state.switched_at, locale) };
  return (
    <span data-testid="maintenance-switched">
      {t(
        state.is_enabled ? "adminSettings.maintenance.switchedOn" : "adminSettings.maintenance.switchedOff",
        params,
      )}
    </span>
  );
}

/**
 * The back office's banner while the site is in maintenance: staff see at once that visitors get
 * the Out of service page, and who switched it on.
 */
export function MaintenanceBanner({
  state,
  canSwitch,
}: {
  state: MaintenanceState | null;
  canSwitch: boolean;
}) {
  const { locale, t } = useTranslation();
  if (!state?.is_enabled) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="mb-4 rounded-lg border border-secondary bg-secondary/10 px-4 py-3"
    >
      <p className="font-semibold">{t("adminSettings.maintenance.on")}</p>
      <p className="mt-1">
        <MaintenanceSwitched state={state} />{" "}
        {canSwitch ? (
          <Link
            to={localePath("adminSetting", locale, { name: "maintenance" })}
            className="text-primary-dark underline"
          >
            {t("adminSettings.maintenance.bannerLink")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
