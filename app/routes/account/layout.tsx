import { Outlet } from "react-router";
import { AccountSidebar } from "#app/layout/account-sidebar.tsx";

/**
 * The account area's frame (docs/product/screens.md, "Parts of every page": the account sidebar
 * shows on /ucet/* and /en/account/* with its links and counts). A pathless layout route in
 * app/routes.ts wraps the account pages, so each page renders only its own content: no container,
 * no sidebar. The login target /ucet and the registration /ucet/registrace stay outside it (guests
 * have no sidebar).
 */
export default function AccountLayout() {
  return (
    <div className="container-page pt-8 pb-16" data-testid="account-layout">
      <div className="grid gap-8 desktop:grid-cols-[16rem_minmax(0,1fr)] desktop:gap-10">
        <AccountSidebar className="self-start" />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
