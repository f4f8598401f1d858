import { useTranslation } from "#app/i18n/use-translation.ts";
import { FOCUS_ON_DARK } from "#app/ui/focus-and-avatar.ts";
import { SPA_LINK } from "#app/ui/spa-links.tsx";
import { localePath } from "#core/i18n/paths.ts";

/** The wordmark with its seal, linking to the home page of the current language. */
export function Logo({
  onNavigate,
  showTagline = false,
  taglineFrom = "widescreen",
  testId = "logo",
}: {
  onNavigate?: () => void;
  showTagline?: boolean;
  /** The width the tagline shows from: a signed-in header needs the room for its search field. */
  taglineFrom?: "widescreen" | "fullhd";
  testId?: string;
}) {
  const { locale, t } = useTranslation();
  return (
    <a
      {...SPA_LINK}
      href={localePath("home", locale)}
      onClick={onNavigate}
      className={`group inline-flex shrink-0 items-center gap-2 rounded-md tablet:gap-2.5 ${FOCUS_ON_DARK}`}
      data-testid={testId}
    >
      <svg
        viewBox="0 0 40 40"
        className="size-7 shrink-0 tablet:size-8 desktop:size-10"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="20" cy="20" r="18.5" fill="none" stroke="var(--color-secondary)" strokeWidth="1.5" />
        <circle
          cx="20"
          cy="20"
          r="15"
          fill="none"
          stroke="var(--color-secondary)"
          strokeWidth="0.6"
          strokeDasharray="1.2 1.6"
        />
        <text
          x="20"
          y="26.5"
          textAnchor="middle"
          fontFamily="Georgia, 'Times New Roman', serif"
          fontSize="19"
          fill="var(--color-secondary)"
        >
          R
        </text>
      </svg>
      <span className="flex flex-col leading-none">
        {/* On phones under 386 px the wordmark shrinks with the screen, so the bar keeps room for
            its buttons (search, add, cart, account); 1.4rem from 386 px up. Under 360 px only the
            seal shows: the name stays for screen readers. */}
        <span className="font-serif text-[clamp(0.9rem,calc(100vw-22.75rem),1.4rem)] tracking-[0.04em] text-white sr-only min-[360px]:not-sr-only tablet:text-[1.6rem] desktop:text-[1.85rem]">
          {t("common.siteName")}
          <span className="sr-only"> – {t("header.homePage")}</span>
        </span>
        {showTagline ? (
          <span
            className={`mt-1 hidden text-[0.6rem] font-semibold tracking-[0.18em] text-white/80 uppercase ${
              taglineFrom === "fullhd" ? "fullhd:block" : "widescreen:block"
            }`}
          >
            {t("common.tagline")}
          </span>
        ) : null}
      </span>
    </a>
  );
}
