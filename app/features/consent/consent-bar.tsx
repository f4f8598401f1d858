import { useId, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { readBrowserCookies } from "#app/lib/browser-cookies.ts";
import { type ConsentChoices, readConsentChoices } from "#app/lib/consent.ts";
import { useShell } from "#app/ui/feedback/use-shell.ts";
import { localePath } from "#core/i18n/paths.ts";
import { useAgeConfirmed } from "./age-gate-store.ts";
import { barStore, useConsentBarPending } from "./consent-bar-store.ts";
import { applyConsentChoice } from "./consent-client.ts";

type Optional = keyof ConsentChoices;
const OPTIONAL: Optional[] = ["analytical", "marketing", "advertisement"];
/** "Reject all": what "Accept selected" stores with nothing switched on (technical only). */
const NONE: ConsentChoices = { analytical: false, marketing: false, advertisement: false };

/** The bar's text: its title and why, with the way to the privacy policy. */
function ConsentIntro({ titleId, textId }: { titleId: string; textId: string }) {
  const { t, locale } = useTranslation();
  const privacyPath = localePath("info", locale, {
    id: 2,
    slug: locale === "en" ? "privacy-policy" : "gdpr",
  });
  return (
    <div className="px-5 pt-5 tablet:px-8 tablet:pt-7 desktop:col-start-1 desktop:row-start-1 desktop:pb-6">
      <div>
        <div className="flex items-center gap-3">
          <CookieMark />
          <h2 id={titleId} className="font-serif text-[1.35rem] leading-tight text-primary-dark">
            {t("consent.bar.title")}
          </h2>
        </div>
        <p id={textId} className="mt-3 text-[0.9rem] leading-relaxed text-muted">
          {t("consent.bar.text")}{" "}
          <Link
            to={privacyPath}
            className="font-medium whitespace-nowrap text-primary-dark underline decoration-secondary decoration-2 underline-offset-4 hover:text-secondary"
          >
            {t("consent.bar.privacy")}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** The categories: technical (always on) and the optional ones, each a switch. */
function ConsentSettings({
  id,
  open,
  choices,
  onChange,
}: {
  id: string;
  open: boolean;
  choices: ConsentChoices;
  onChange: (name: Optional, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      id={id}
      hidden={!open}
      className="mt-4 border-t border-line bg-light/60 px-5 pt-4 pb-5 tablet:px-8 desktop:col-span-2 desktop:row-start-2 desktop:mt-0 desktop:pb-7"
    >
      <legend className="sr-only">{t("consent.bar.settingsTitle")}</legend>
      <p aria-hidden="true" className="text-sm font-semibold tracking-wide text-muted uppercase">
        {t("consent.bar.settingsTitle")}
      </p>
      <div className="mt-3 grid gap-3 tablet:grid-cols-2">
        <ConsentSwitch
          name="technical"
          title={t("consent.categories.technical.title")}
          text={t("consent.categories.technical.text")}
          badge={t("consent.bar.always")}
          checked
          disabled
        />
        {OPTIONAL.map((name) => (
          <ConsentSwitch
            key={name}
            name={name}
            title={t(`consent.categories.${name}.title`)}
            text={t(`consent.categories.${name}.text`)}
            checked={choices[name]}
            onChange={(checked) => onChange(name, checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The answers, in one order for the eye and the keyboard: the two equal answers side by side (same
 * component, same classes, neither pre-selected), then the selected categories and the settings.
 * Phones: pinned to the bottom of the scrolling panel, so they stay in reach while switching.
 */
function ConsentAnswers({
  settingsOpen,
  settingsId,
  onToggleSettings,
  onChoose,
}: {
  settingsOpen: boolean;
  settingsId: string;
  onToggleSettings: () => void;
  onChoose: (choice: "none" | "all" | "selected") => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`sticky bottom-0 z-10 order-last flex flex-col gap-2.5 bg-white px-5 pt-4 pb-5 tablet:flex-row tablet:flex-wrap tablet:items-center tablet:px-8 desktop:static desktop:order-none desktop:col-start-2 desktop:row-start-1 desktop:max-w-[26rem] desktop:self-end desktop:justify-end desktop:pt-0 desktop:pb-6 desktop:pl-0 ${
        settingsOpen ? "border-t border-line desktop:border-0" : ""
      }`}
    >
      <div className="grid grid-cols-2 gap-2.5 tablet:min-w-[20rem] tablet:flex-1 desktop:w-full desktop:flex-none">
        <AnswerButton onClick={() => onChoose("none")} testId="consent-reject-all">
          {t("consent.bar.rejectAll")}
        </AnswerButton>
        <AnswerButton onClick={() => onChoose("all")} testId="consent-accept-all">
          {t("consent.bar.acceptAll")}
        </AnswerButton>
      </div>
      <div className="flex flex-col gap-2.5 tablet:flex-row tablet:items-center desktop:w-full desktop:justify-end">
        <button
          type="button"
          onClick={() => onChoose("selected")}
          data-testid="consent-accept-selected"
          className="rounded-md border border-primary-dark/40 px-5 py-2.5 font-medium text-primary-dark transition hover:border-primary-dark hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
        >
          {t("consent.bar.acceptSelected")}
        </button>
        <button
          type="button"
          aria-expanded={settingsOpen}
          aria-controls={settingsId}
          onClick={onToggleSettings}
          className="rounded-md px-3 py-2.5 text-[0.9rem] font-medium text-primary-dark underline decoration-line decoration-2 underline-offset-4 transition hover:decoration-secondary focus-visible:outline-2 focus-visible:outline-primary-dark"
        >
          {settingsOpen ? t("consent.bar.hideSettings") : t("consent.bar.customize")}
        </button>
      </div>
    </div>
  );
}

/**
 * The cookie bar (docs/product/screens.md, "Client state"; docs/product/visitor-basics.md, "Cookie
 * consent"). Shown unless cookies-show equals hidden, once the age gate is answered (the age
 * question comes first, then this: docs/product/visitor-basics.md, "One overlay at a time (first
 * visit)"). "Accept all" stores all four accept-* cookies; "Reject all" stores technical only,
 * exactly as "Accept selected" with nothing switched on; "Accept selected" stores technical and the
 * optional categories switched on; technical cannot be switched off. No answer is pre-selected (no
 * focus, the two look the same). Cookie values and lifetimes come from app/lib/consent.ts.
 */
export function ConsentBar() {
  const shell = useShell();
  const ageConfirmed = useAgeConfirmed();
  const state = useSyncExternalStore(barStore.subscribe, barStore.get, () => null);
  const visible = useConsentBarPending();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(() => readConsentChoices(shell?.cookies ?? {}));
  const [seenOpen, setSeenOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  const settingsId = useId();

  // Reopened from the footer: start from the stored choice, with the settings unfolded.
  if (state === "open" && !seenOpen) {
    setSeenOpen(true);
    setChoices(readConsentChoices(readBrowserCookies()));
    setSettingsOpen(true);
  }

  if (!visible || ageConfirmed !== true) return null;

  const choose = (choice: "all" | ConsentChoices) => {
    applyConsentChoice(choice);
    setSeenOpen(false);
    barStore.set("hidden");
  };

  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="cookie-bar"
      className="fixed inset-x-0 bottom-0 z-40 px-2 pb-2 tablet:px-5 tablet:pb-5"
    >
      {/* Phones: text, settings, then the buttons pinned to the bottom of the scrolling panel, so
          they stay in reach while switching. Desktop: text and buttons side by side, settings below. */}
      <div className="mx-auto flex max-h-[85dvh] max-w-5xl flex-col overflow-y-auto rounded-2xl border border-line bg-white shadow-[0_-6px_40px_rgb(31_42_48/0.22)] desktop:grid desktop:grid-cols-[1fr_auto] desktop:gap-x-10">
        <ConsentIntro titleId={titleId} textId={textId} />
        <ConsentAnswers
          settingsOpen={settingsOpen}
          settingsId={settingsId}
          onToggleSettings={() => setSettingsOpen((open) => !open)}
          onChoose={(choice) => choose(choice === "selected" ? choices : choice === "none" ? NONE : "all")}
        />
        <ConsentSettings
          id={settingsId}
          open={settingsOpen}
          choices={choices}
          onChange={(name, checked) => setChoices((previous) => ({ ...previous, [name]: checked }))}
        />
      </div>
    </section>
  );
}

/**
 * "Odmítnout vše" and "Přijmout vše": one component, so the two answers always look the same
 * (issue 14, item 6: refusing is as easy as accepting).
 */
function AnswerButton({
  onClick,
  testId,
  children,
}: {
  onClick: () => void;
  testId: string;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="rounded-md bg-primary-dark px-2 py-2.5 text-[0.95rem] font-semibold text-white shadow-sm tablet:px-4 tablet:text-base transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
    >
      {children}
    </button>
  );
}

function ConsentSwitch(props: {
  name: string;
  title: string;
  text: string;
  badge?: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const textId = useId();
  return (
    <label
      className={`relative flex items-start gap-4 rounded-xl border border-line bg-white p-4 transition ${
        props.disabled ? "cursor-default" : "cursor-pointer hover:border-primary/60"
      }`}
    >
      <span className="flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
          {props.title}
          {props.badge ? (
            <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">
              {props.badge}
            </span>
          ) : null}
        </span>
        <span id={textId} className="mt-1 block text-sm leading-snug text-muted">
          {props.text}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        name={props.name}
        checked={props.checked}
        aria-checked={props.checked}
        disabled={props.disabled}
        readOnly={props.disabled}
        aria-describedby={textId}
        onChange={(event) => props.onChange?.(event.target.checked)}
        data-testid={`consent-switch-${props.name}`}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-line transition peer-checked:bg-primary-dark peer-disabled:opacity-60 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-dark after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
      />
    </label>
  );
}

function CookieMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0 text-secondary" aria-hidden="true" fill="none">
      <path
        d="M16 3.5a12.5 12.5 0 1 0 12.4 11 4 4 0 0 1-4.9-4.4 4 4 0 0 1-4.4-4.9A12.6 12.6 0 0 0 16 3.5Z"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <circle cx="11" cy="14" r="1.6" fill="currentColor" />
      <circle cx="17" cy="20.5" r="1.6" fill="currentColor" />
      <circle cx="11.5" cy="21.5" r="1.1" fill="currentColor" />
      <circle cx="21.5" cy="17" r="1.1" fill="currentColor" />
    </svg>
  );
}
