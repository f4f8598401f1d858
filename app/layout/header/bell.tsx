import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { BAR_ICON_BUTTON } from "#app/ui/focus-and-avatar.ts";
import { BellIcon } from "#app/ui/icons.tsx";
import { useLiveCounts } from "#app/ui/live-counts.ts";
import { SPA_LINK } from "#app/ui/spa-links.tsx";
import { localePath } from "#core/i18n/paths.ts";
import { pluralKey } from "#core/i18n/plural.ts";
import { BellPush } from "./bell-push.tsx";

/** Whether this browser can receive pushes and was never asked (the bell then offers them). */
function usePushOffer(): boolean {
  const [offer, setOffer] = useState(false);
  useEffect(() => {
    setOffer("PushManager" in window && "Notification" in window && Notification.permission === "default");
  }, []);
  return offer;
}

/**
 * The notification bell: links to the messages with the new-message count (hidden at zero); beside
 * it, while this browser was never asked, the offer to turn on push notifications (ADR 0110).
 */
export function Bell() {
  const { locale, t } = useTranslation();
  const counts = useLiveCounts();
  const offer = usePushOffer();
  if (!counts) return null;
  const count = counts.messages.new;
  const label =
    count > 0
      ? `${t("header.messages")}, ${t(pluralKey(locale, "header.unreadMessages", count), { count })}`
      : t("header.messages");
  return (
    <>
      {offer ? <BellPush /> : null}
      <a
        {...SPA_LINK}
        href={localePath("accountMessages", locale)}
        aria-label={label}
        // Phones: the account button carries the same count (and its menu the messages), and the bar
        // needs the room for the search button.
        className={`${BAR_ICON_BUTTON} mobile:hidden`}
        data-testid="bell"
      >
        <BellIcon className="size-6" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-secondary px-1 text-center text-[0.7rem] leading-5 font-bold text-ink ring-2 ring-primary-dark"
            data-testid="bell-count"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </a>
    </>
  );
}
