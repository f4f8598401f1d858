import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { withTexts } from "#app/i18n/with-texts.ts";
import { Dropdown } from "#app/ui/dropdown.tsx";
import { BAR_ICON_BUTTON, FOCUS_ON_DARK, FOCUS_ON_LIGHT } from "#app/ui/focus-and-avatar.ts";
import { UserIcon } from "#app/ui/icons.tsx";
import { SPA_LINK } from "#app/ui/spa-links.tsx";
import { localePath } from "#core/i18n/paths.ts";

const loadForm = () => withTexts(import("./login-widget-form.tsx"));
const LoginWidgetForm = lazy(loadForm);

type LoginWidgetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to go after logging in, when the visitor asked for a page (the add-auction button). */
  redirectTo?: string | null;
};

/**
 * The guests' login widget (docs/product/screens.md, "Parts of every page"): e-mail, password with reveal,
 * login, password reset and registration. It posts to the login target page's action (`/ucet`), which either
 * redirects (logged in; the router follows) or answers 422 with `{ errors }`. After login it goes where the
 * redirect targets say (docs/product/calls-and-errors.md): the `redirect` query value when safe (the server
 * checks), else the account overview (an empty value makes the server fall back to it).
 */
export function LoginWidget({ open, onOpenChange, redirectTo }: LoginWidgetProps) {
  const { locale, t } = useTranslation();
  const emailRef = useRef<HTMLInputElement>(null);
  // The form (and with it zod and Conform) loads when the widget first opens, and already as the
  // pointer or the focus reaches the button; it stays mounted once opened.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      initialFocus={emailRef}
      data-testid="login-widget"
      panelClassName="absolute right-0 top-full z-50 mt-3 w-[min(23rem,calc(100vw-2rem))] overflow-hidden rounded-xl bg-white text-ink shadow-2xl ring-1 ring-ink/10"
      trigger={(props) => (
        <button
          {...props}
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
          className={`${BAR_ICON_BUTTON} aria-expanded:bg-white/15 tablet:w-auto tablet:gap-2 tablet:px-3.5 ${FOCUS_ON_DARK}`}
          data-testid="login-trigger"
        >
          <UserIcon className="size-6 tablet:size-5" />
          <span className="sr-only tablet:not-sr-only tablet:text-[0.9rem] tablet:font-medium">
            {t("header.login")}
          </span>
        </button>
      )}
    >
      <div className="h-1 bg-secondary" />
      {wanted ? (
        <Suspense fallback={<div className="h-72" />}>
          <LoginWidgetForm emailRef={emailRef} redirectTo={redirectTo} />
        </Suspense>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t border-line bg-light px-6 py-4">
        <span className="text-[0.85rem] text-muted">{t("header.noAccount")}</span>
        <a
          {...SPA_LINK}
          href={localePath("register", locale)}
          className={`inline-flex h-9 items-center rounded-md border border-primary-dark px-3.5 text-[0.85rem] font-semibold text-primary-dark transition-colors hover:bg-primary-dark hover:text-white ${FOCUS_ON_LIGHT}`}
        >
          {t("header.register")}
        </a>
      </div>
    </Dropdown>
  );
}
