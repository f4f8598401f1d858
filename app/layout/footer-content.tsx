import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { MenuLink } from "#app/shell.ts";
import { localePath } from "#core/i18n/paths.ts";
import { NewsletterSignup } from "../features/newsletter/newsletter-signup.tsx";
import { useShell } from "../ui/feedback/use-shell.ts";
import { SPA_LINK } from "../ui/spa-links.tsx";

/**
 * The two social networks, in this order; their addresses come from the contacts setting
 * (docs/product/screens.md, "Parts of every page").
 */
const SOCIAL_NETWORKS = ["facebook", "instagram"] as const;

/**
 * A profile address from the contacts setting, or null: a missing, non-https or bare home-page
 * address (no profile path) leaves the link out rather than sending visitors to a generic page.
 */
function profileUrl(contacts: Record<string, unknown>, network: string): string | null {
  const value = contacts[network];
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.pathname.replace(/\/+$/, "") !== "" ? value : null;
  } catch {
    return null;
  }
}

const CARD_LOGOS = [
  { key: "visa", src: "/images/cards/visa.svg" },
  { key: "mastercard", src: "/images/cards/mastercard.svg" },
] as const;

const isExternal = (link: string) => /^https?:\/\//i.test(link);

/**
 * The footer above its bottom line (docs/product/screens.md, "Parts of every page"): the newsletter
 * sign-up with its background video, then the brand and social links, the link menu from the
 * bottommenu setting and the card brands. Hydrated only when it nears the viewport (footer.tsx,
 * DeferredPart), so it takes no props: it reads the shell itself.
 */
export function FooterContent() {
  const shell = useShell();
  const contacts = shell?.contacts ?? {};
  // Used when the shell user carries the e-mail; otherwise the newsletter asks /api/me.
  const accountEmail = (shell?.user as { email?: string } | null | undefined)?.email ?? null;
  const menus = (shell?.bottomMenu ?? []).filter((menu) => Array.isArray(menu?.links));
  return (
    <>
      <NewsletterSignup
        categories={shell?.categories ?? []}
        userId={shell?.user?.id ?? null}
        accountEmail={accountEmail}
      />
      <div className="bg-primary-dark text-white/80">
        <div
          className="h-px bg-gradient-to-r from-transparent via-secondary/70 to-transparent"
          aria-hidden="true"
        />
        <div className="container-page grid gap-10 py-12 tablet:grid-cols-2 tablet:gap-x-12 desktop:grid-cols-[1.3fr_1fr_1fr_1fr] desktop:py-16">
          <FooterBrand contacts={contacts} />
          {menus.map((menu, index) => (
            <FooterMenu key={`${menu.title}-${index}`} title={menu.title} links={menu.links} />
          ))}
          <FooterPayments />
        </div>
      </div>
    </>
  );
}

/** The brand, its line and the social profiles that the contacts setting names. */
function FooterBrand({ contacts }: { contacts: Record<string, unknown> }) {
  const { t, locale } = useTranslation();
  const social = SOCIAL_NETWORKS.flatMap((network) => {
    const href = profileUrl(contacts, network);
    return href ? [{ network, href }] : [];
  });
  return (
    <div>
      <a
        {...SPA_LINK}
        href={localePath("home", locale)}
        className="font-serif text-3xl tracking-wide text-secondary focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-secondary"
      >
        {t("common.siteName")}
      </a>
      <p className="mt-4 max-w-sm text-[0.92rem] leading-relaxed text-white/70">{t("footer.brandText")}</p>
      {social.length > 0 ? (
        <>
          <p className="mt-6 text-sm font-semibold tracking-[0.18em] text-white/90 uppercase">
            {t("footer.social.title")}
          </p>
          <ul className="mt-3 flex gap-3" data-testid="social-links">
            {social.map(({ network, href }) => (
              <li key={network}>
                <SocialLink
                  href={href}
                  label={t(`footer.social.${network}`)}
                  newTab={t("footer.social.newTab")}
                >
                  {network === "facebook" ? <FacebookIcon /> : <InstagramIcon />}
                </SocialLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** One column of the bottommenu setting: its title (if any) and its links. */
function FooterMenu({ title, links }: { title: string; links: MenuLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={title || t("footer.menuLabel")}>
      {title ? (
        <h2 className="text-sm font-semibold tracking-[0.18em] text-white/90 uppercase">{title}</h2>
      ) : null}
      <ul className="mt-4 flex flex-col gap-2.5">
        {links.map((link) => (
          <li key={`${link.link}-${link.text}`}>
            <MenuItem link={link} newTab={t("footer.social.newTab")} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The card brands accepted and the age notice. */
function FooterPayments() {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-[0.18em] text-white/90 uppercase">
        {t("footer.payments.title")}
      </h2>
      <ul className="mt-4 flex gap-3">
        {CARD_LOGOS.map((card) => (
          <li key={card.key}>
            <img
              src={card.src}
              alt={t(`footer.payments.${card.key}`)}
              width={60}
              height={38}
              loading="lazy"
              className="h-[38px] w-[60px] rounded-md shadow-sm"
            />
          </li>
        ))}
      </ul>
      <p className="mt-5 flex items-start gap-2.5 text-sm leading-snug text-white/70">
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full border border-secondary/60 text-[0.7rem] font-semibold text-[#e6c886]"
        >
          18+
        </span>
        {t("footer.ageNotice")}
      </p>
    </div>
  );
}

function MenuItem({ link, newTab }: { link: MenuLink; newTab: string }) {
  const className =
    "text-[0.95rem] text-white/75 transition hover:text-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary";
  if (isExternal(link.link))
    return (
      <a href={link.link} target="_blank" rel="noopener noreferrer" className={className}>
        {link.text}
        <span className="sr-only"> {newTab}</span>
      </a>
    );
  return (
    <a {...SPA_LINK} href={link.link} className={className}>
      {link.text}
    </a>
  );
}

function SocialLink({
  href,
  label,
  newTab,
  children,
}: {
  href: string;
  label: string;
  newTab: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ${newTab}`}
      title={label}
      className="grid size-11 place-items-center rounded-full border border-white/20 text-white/85 transition hover:border-secondary hover:bg-secondary hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
    >
      {children}
    </a>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.7v3h2.6V21h3.2Z" />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      aria-hidden="true"
    >
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.9" fill="currentColor" stroke="none" />
    </svg>
  );
}
