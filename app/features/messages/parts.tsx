import { Fragment } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { avatarUrl } from "#app/ui/focus-and-avatar.ts";
import { BellIcon } from "#app/ui/icons.tsx";
import { ResponsiveImage } from "#app/ui/responsive-image.tsx";
import type { ThreadPerson, ThreadProduct } from "#core/contracts/messages.ts";
import type { Locale } from "#core/i18n/index.ts";
import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import { linkify } from "./linkify.ts";

const INTL_LOCALE: Record<Locale, string> = { cs: "cs-CZ", en: "en-GB" };

/** A message's plain text: line breaks kept, http(s) addresses as links that leave the site. */
export function MessageText({ text, inverted = false }: { text: string; inverted?: boolean }) {
  return (
    <p className="leading-relaxed break-words whitespace-pre-wrap">
      {linkify(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="nofollow noopener ugc"
            className={`underline underline-offset-2 break-all ${inverted ? "text-white decoration-secondary" : "text-primary-dark"}`}
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

/** When, briefly: the time today, the day this year, else the full date (Prague time). */
export function shortWhen(iso: string, locale: Locale, nowIso: string): string {
  const date = new Date(iso);
  const now = new Date(nowIso);
  const day = (value: Date) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: PRAGUE_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(value);
  if (day(date) === day(now))
    return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      timeZone: PRAGUE_TIME_ZONE,
      hour: "2-digit",
      minute: "2-digit",
    }).format(date);
  const sameYear = day(date).slice(0, 4) === day(now).slice(0, 4);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: PRAGUE_TIME_ZONE,
    day: "numeric",
    month: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  }).format(date);
}

/** A message's time in full (its tooltip and the thread view): `12. 3. 2026 14:05`. */
export function fullWhen(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: PRAGUE_TIME_ZONE,
    day: "numeric",
    month: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** The picture of a thread: the product's, the system's bell, or a bottle outline. */
export function ThreadPicture({
  product,
  system,
  size = "size-14",
}: {
  product: ThreadProduct | null;
  system: boolean;
  size?: string;
}) {
  if (system)
    return (
      <span
        className={`grid ${size} shrink-0 place-items-center rounded-lg bg-primary-dark text-secondary`}
        aria-hidden="true"
      >
        <BellIcon className="size-6" />
      </span>
    );
  if (product?.image)
    return (
      <ResponsiveImage
        src={product.image}
        alt=""
        width={160}
        height={160}
        widths={[160, 320]}
        sizes="64px"
        className={`${size} shrink-0 rounded-lg bg-light object-contain p-0.5 ring-1 ring-line`}
      />
    );
  return (
    <span
      className={`grid ${size} shrink-0 place-items-center rounded-lg bg-light text-line ring-1 ring-line`}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        aria-hidden="true"
      >
        <path d="M10 2.5h4v4.2c0 .8.4 1.5 1 2 1.3 1 2 2.5 2 4.1V20a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 20v-7.2c0-1.6.7-3.1 2-4.1.6-.5 1-1.2 1-2z" />
      </svg>
    </span>
  );
}

/** The other participant's avatar or initial. */
export function PersonAvatar({ person, size = "size-10" }: { person: ThreadPerson | null; size?: string }) {
  const { t } = useTranslation();
  if (person?.avatarFileName)
    return (
      <img
        src={avatarUrl(person.avatarFileName)}
        alt=""
        width={40}
        height={40}
        className={`${size} shrink-0 rounded-full object-cover ring-1 ring-line`}
      />
    );
  const name = person?.username ?? t("messages.formerUser");
  return (
    <span
      className={`grid ${size} shrink-0 place-items-center rounded-full bg-primary/15 font-serif text-lg text-primary-dark`}
      aria-hidden="true"
    >
      {[...name][0]?.toUpperCase()}
    </span>
  );
}
