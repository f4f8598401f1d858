import { data, type RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { safeRedirect } from "#core/web/safe-redirect.ts";

/**
 * The second factor's pages stand before the admin frame: a signed-in staff member (the "auth"
 * middleware sends a guest to the login), whether or not the session passed the factor yet; 403
 * for anyone else.
 */
export function staffBeforeFactor(context: Readonly<RouterContextProvider>) {
  const app = context.get(appContext);
  const { user, locale } = app;
  if (!user || !isStaffRole(user.role)) throw data(translate(locale, "admin.notStaff"), { status: 403 });
  return { ...app, user };
}

/**
 * Where to go once the factor is passed: the page asked for when it is a safe local path (never
 * one of these two pages, which would loop), else the back office's dashboard.
 */
export function wantedAdminPage(context: Readonly<RouterContextProvider>, wanted: string | null | undefined) {
  const { locale } = context.get(appContext);
  const fallback = localePath("admin", locale);
  const target = safeRedirect(wanted ?? "", fallback);
  const loops = (["adminSecondFactor", "adminSecondFactorSetup"] as const).some((page) =>
    (["cs", "en"] as const).some((each) => target.split("?")[0] === localePath(page, each)),
  );
  return loops ? fallback : target;
}
