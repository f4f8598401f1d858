import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { requestPage } from "#app/middleware.server.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath, pathLocale } from "#core/i18n/paths.ts";
import { hasScope, isStaffRole, type StaffScope } from "#core/rules/staff.ts";

/**
 * The back office's page guard (docs/product/back-office.md, "Staff and scopes"), run after the
 * "auth" middleware: a signed-in user who is not staff gets 403; staff whose session has not passed
 * the second factor are sent to enter their code (or to set it up first), then back.
 */
export const staffGate: MiddlewareFunction<Response> = ({ request, context }) => {
  const { user, locale, secondFactorDone } = context.get(appContext);
  if (!user) return;
  if (!isStaffRole(user.role)) throw data(translate(locale, "admin.notStaff"), { status: 403 });
  if (!secondFactorDone) {
    const url = requestPage(request);
    const target = localePath("adminSecondFactor", pathLocale(url.pathname));
    throw redirect(`${target}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
};

/**
 * A back-office page's loader or action asks for its scope: the user, or a 403 page. Pages check
 * this themselves even under the layout, because an action is called without the layout's loader.
 */
export function requireScope(context: Readonly<RouterContextProvider>, scope: StaffScope) {
  const { user, locale, secondFactorDone } = context.get(appContext);
  if (!user || !isStaffRole(user.role) || !hasScope(user.scope, scope) || !secondFactorDone) {
    throw data(translate(locale, "admin.forbidden"), { status: 403 });
  }
  return user;
}

/** Any staff member (the dashboard): the user, or a 403 page. */
export function requireStaff(context: Readonly<RouterContextProvider>) {
  const { user, locale, secondFactorDone } = context.get(appContext);
  if (!user || !isStaffRole(user.role) || !secondFactorDone) {
    throw data(translate(locale, "admin.notStaff"), { status: 403 });
  }
  return user;
}
