import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { BAR_ICON_BUTTON } from "#app/ui/focus-and-avatar.ts";
import { BellIcon } from "#app/ui/icons.tsx";
import { localePath } from "#core/i18n/paths.ts";

/**
 * The bell's offer to turn on browser notifications (ADR 0110), beside it while this browser has
 * never been asked: one click asks for permission, subscribes and stores the subscription through
 * the notice settings page's action (which switches every pushed kind on; the page sets them one by
 * one). Shown by the bell (bell.tsx) only for a browser that can receive pushes; the subscribing
 * code loads on the click. Not a lazy component: a header part that suspends after hydration is
 * one more render that can fail under load (React's #520 was seen in console.spec.ts).
 */
export function BellPush() {
  const { locale, t } = useTranslation();
  const fetcher = useFetcher();
  const [done, setDone] = useState(false);
  if (done) return null;

  async function enable() {
    const response = await fetch("/api/push/key");
    const { publicKey } = (await response.json()) as { publicKey: string | null };
    if (!publicKey) return setDone(true);
    const { subscribeBrowser } = await import("#app/lib/web-push.ts");
    const result = await subscribeBrowser(publicKey);
    setDone(true);
    if (!result.ok) return;
    await fetcher.submit(
      { intent: "push-subscribe", ...result.subscription },
      { method: "post", action: localePath("accountNotifications", locale) },
    );
  }

  return (
    <button
      type="button"
      onClick={enable}
      aria-label={t("push.bell.enable")}
      title={t("push.bell.enable")}
      className={`${BAR_ICON_BUTTON} mobile:hidden`}
      data-testid="bell-push"
    >
      <BellIcon className="size-5 opacity-80" />
      <span
        aria-hidden="true"
        className="absolute right-1.5 bottom-1.5 text-xs leading-none font-bold text-secondary"
      >
        +
      </span>
    </button>
  );
}
