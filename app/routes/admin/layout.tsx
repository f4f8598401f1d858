import { Link, Outlet, useLocation } from "react-router";
import { appContext } from "#app/context.ts";
import { activeNavPage, visibleNav } from "#app/features/admin/admin-nav.ts";
import { MaintenanceBanner } from "#app/features/admin/settings/maintenance-note.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { localePath } from "#core/i18n/paths.ts";
import { hasScope, isStaffRole } from "#core/rules/staff.ts";
import type { Route } from "./+types/layout";
import { staffGate } from "./guard.server.ts";

/**
 * The back office's frame (docs/product/back-office.md): the menu of what the user may do, and
 * the page. Guests go to the login, non-staff get 403, staff without the second factor enter it
 * first (guard.server.ts). Each page checks its own scope again in its loader and action.
 */
export const middleware = [...named("auth"), staffGate];
export const handle = { layout: "simple" };

export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  // The middleware guarantees a staff user.
  const staff = user!;
  return {
    username: staff.username,
    role: isStaffRole(staff.role) ? staff.role : "admin",
    scopes: staff.scope,
    // The banner while the site is in maintenance, with who switched it on.
    maintenance: await services.settings.maintenanceState(),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useTranslation();
  const { pathname } = useLocation();
  const sections = visibleNav(loaderData.scopes);
  // Only the deepest entry the page lies under is current: /admin/platby/vypisy is the statements,
  // not also the payments above them.
  const current = activeNavPage(
    sections.flatMap((section) =>
      section.items.map((item) => ({ page: item.page, path: localePath(item.page, locale) })),
    ),
    pathname,
  );
  const menu = (
    <nav aria-label={t("admin.menuLabel")} data-testid="admin-nav">
      {sections.map((section) => (
        <div key={section.label ?? "top"} className="mb-4">
          {section.label ? (
            <p className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted uppercase">
              {t(section.label)}
            </p>
          ) : null}
          <ul className="flex flex-col">
            {section.items.map((item) => (
              <li key={item.page}>
                <Link
                  to={localePath(item.page, locale)}
                  aria-current={current === item.page ? "page" : undefined}
                  className={`block rounded-md px-3 py-1.5 ${current === item.page ? "bg-primary-dark font-semibold text-white" : "text-ink hover:bg-light"}`}
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );

  return (
    <div
      className="grid gap-6 desktop:grid-cols-[15rem_minmax(0,1fr)] desktop:gap-8"
      data-testid="admin-layout"
    >
      <aside className="self-start rounded-xl border border-line bg-white p-3">
        <div className="flex items-center justify-between gap-2 px-3 pb-3">
          <div className="min-w-0">
            <p className="font-serif text-xl text-primary-dark">{t("admin.title")}</p>
            <p className="truncate text-sm text-muted">
              {loaderData.username} · {t(`admin.role.${loaderData.role}`)}
            </p>
          </div>
        </div>
        {/* Below the desktop width the menu folds away; it opens with one tap. */}
        <details className="desktop:hidden" key={pathname}>
          <summary className="cursor-pointer rounded-md px-3 py-2 font-semibold text-primary-dark hover:bg-light">
            {t("admin.menuLabel")}
          </summary>
          <div className="pt-2">{menu}</div>
        </details>
        <div className="hidden desktop:block">{menu}</div>
        <a
          href={localePath("home", locale)}
          className="mt-2 block px-3 py-2 text-sm text-primary-dark underline"
        >
          {t("admin.backToSite")}
        </a>
      </aside>
      <div className="min-w-0">
        <MaintenanceBanner
          state={loaderData.maintenance}
          canSwitch={hasScope(loaderData.scopes, "settings")}
        />
        <Outlet />
      </div>
    </div>
  );
}
