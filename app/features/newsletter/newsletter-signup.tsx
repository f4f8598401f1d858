import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CategoryNode } from "#app/shell.ts";
import { showSnackbar } from "#app/ui/feedback/snackbar-store.ts";
import { lazyPart, ShownPart } from "#app/ui/lazy-part.tsx";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { loadAccountEmail, loadPreferences, savePreferences, saveSubscriber } from "./api.ts";
import { NewsletterVideo } from "./newsletter-video.tsx";
import { validateNewsletterEmail } from "./validate-email.ts";

/**
 * The categories' modal is loaded when the visitor first turns to the form (focus, pointer) or
 * sends it, not with every page: it is on every page's footer and seldom opened (issue 18).
 */
const NewsletterModal = lazyPart(() =>
  import("./newsletter-modal.tsx").then((module) => module.NewsletterModal),
);
function preloadModal() {
  void NewsletterModal.preload();
}

type NewsletterSignupProps = {
  categories: readonly CategoryNode[];
  /** The logged-in user's id (shell.user), null for guests. */
  userId: number | null;
  /**
   * The logged-in user's account e-mail, when the shell carries it; otherwise it is read from
   * GET /api/me on the first submit. Entering it edits that account's preferences.
   */
  accountEmail?: string | null;
};

type Translate = ReturnType<typeof useTranslation>["t"];

/**
 * What saving the modal's choice led to: whether the form starts afresh (`cleared`) or keeps the
 * e-mail and categories for another try (`kept`), and the message for under the field when there
 * is a new one (undefined leaves it as it is).
 */
type SaveOutcome = { outcome: "cleared" | "kept"; fieldError?: string | null };

/**
 * Saves the choice, as the user's own preferences or as a new subscriber, and tells the outcome
 * in a snackbar with the catalogue's texts (docs/product/calls-and-errors.md, "Error catalogue").
 */
async function saveNewsletterChoice(
  mode: "subscribe" | "preferences",
  address: string,
  selected: number[],
  locale: Locale,
  t: Translate,
): Promise<SaveOutcome> {
  if (mode === "preferences") {
    const saved = await savePreferences(selected, locale);
    showSnackbar(
      saved
        ? { type: "success", text: t("footer.newsletter.preferencesSaved") }
        : { type: "danger", text: t("footer.newsletter.preferencesFailed") },
    );
    return { outcome: saved ? "cleared" : "kept" };
  }
  const result = await saveSubscriber(address, selected, locale);
  switch (result.status) {
    case "saved":
      // Double opt-in: saved is not subscribed yet; say where the confirmation waits.
      showSnackbar({
        type: "success",
        text: `${t("footer.newsletter.saved")} ${t("footer.newsletter.savedConfirm")}`,
      });
      return { outcome: "cleared" };
    case "already_exists":
      showSnackbar({ type: "danger", text: t("footer.newsletter.alreadyExists") });
      return { outcome: "kept", fieldError: t("footer.newsletter.alreadyExists") };
    case "invalid":
      showSnackbar({ type: "danger", text: t("footer.newsletter.failed") });
      return { outcome: "kept", fieldError: result.errors.email?.join(", ") ?? null };
    default:
      showSnackbar({ type: "danger", text: t("footer.newsletter.failed") });
      return { outcome: "kept" };
  }
}

/**
 * The logged-in user's account e-mail: the shell's when it carries one, otherwise GET /api/me,
 * asked once per user (`cache` keeps the answer); null for guests.
 */
async function resolveAccountEmail(
  userId: number | null,
  accountEmail: string | null,
  cache: { current: { userId: number; email: string | null } | null },
): Promise<string | null> {
  if (userId === null || accountEmail) return accountEmail;
  if (cache.current?.userId !== userId) cache.current = { userId, email: await loadAccountEmail() };
  return cache.current.email;
}

/**
 * The sign-up's state: the e-mail and its message, the categories, the modal, and the two steps
 * (submit the e-mail: check it and open the modal; save the modal's choice).
 */
function useNewsletterSignup({ userId, accountEmail }: Omit<NewsletterSignupProps, "categories">) {
  const { t, locale } = useTranslation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [mode, setMode] = useState<"subscribe" | "preferences">("subscribe");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const fetchedAccountEmail = useRef<{ userId: number; email: string | null } | null>(null);

  const validate = (value: string) => {
    const key = validateNewsletterEmail(value);
    return key ? t(key) : null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const message = validate(email);
    setError(message);
    if (message) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const modal = NewsletterModal.preload();
    const account = await resolveAccountEmail(userId, accountEmail ?? null, fetchedAccountEmail);
    const own =
      userId !== null && Boolean(account) && email.trim().toLowerCase() === account?.trim().toLowerCase();
    setMode(own ? "preferences" : "subscribe");
    if (own) {
      // Failing to load the stored choice is silent: the modal opens with the current one
      // (docs/product/calls-and-errors.md, "Error catalogue").
      const stored = await loadPreferences(locale);
      if (stored) setSelected(stored);
    }
    // A modal that cannot load (a new deployment, no network) leaves the form as it is.
    await modal.catch(() => undefined);
    setBusy(false);
    setOpen(true);
  };

  const onSave = async () => {
    if (busy) return;
    setBusy(true);
    const { outcome, fieldError } = await saveNewsletterChoice(mode, email.trim(), selected, locale, t);
    setBusy(false);
    if (fieldError !== undefined) setError(fieldError);
    setOpen(false);
    if (outcome === "cleared") {
      setEmail("");
      setSelected([]);
      setSubmitted(false);
      setError(null);
    }
  };

  const onEmailChange = (value: string) => {
    setEmail(value);
    if (submitted) setError(validate(value));
  };

  return {
    email,
    error,
    selected,
    setSelected,
    mode,
    open,
    setOpen,
    busy,
    inputRef,
    onSubmit,
    onSave,
    onEmailChange,
  };
}

/** The block's text: kicker, title and what the newsletter brings. */
function NewsletterIntro({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="flex items-center gap-3 text-sm font-semibold tracking-[0.22em] text-secondary uppercase">
        <span aria-hidden="true" className="h-px w-8 bg-secondary" />
        {t("footer.newsletter.kicker")}
      </p>
      <h2
        id={titleId}
        className="mt-3 font-serif text-[1.9rem] leading-tight text-balance tablet:text-[2.3rem]"
      >
        {t("footer.newsletter.title")}
      </h2>
      <p className="mt-4 max-w-xl leading-relaxed text-white/80">{t("footer.newsletter.text")}</p>
    </div>
  );
}

/** The e-mail field, its message under it, the submit button and the privacy note. */
function NewsletterEmailForm({
  inputId,
  signup,
}: {
  inputId: string;
  signup: ReturnType<typeof useNewsletterSignup>;
}) {
  const { t, locale } = useTranslation();
  const { email, error, busy } = signup;
  const errorId = useId();
  const noteId = useId();
  const privacyPath = localePath("info", locale, {
    id: 2,
    slug: locale === "en" ? "privacy-policy" : "gdpr",
  });
  return (
    <form
      noValidate
      onSubmit={signup.onSubmit}
      onFocus={preloadModal}
      onPointerEnter={preloadModal}
      className="mt-8 desktop:mt-0"
      data-testid="newsletter-form"
    >
      <label htmlFor={inputId} className="text-sm font-medium text-white/85">
        {t("footer.newsletter.emailLabel")}
      </label>
      <div className="mt-2 flex flex-col gap-3 tablet:flex-row">
        <input
          ref={signup.inputRef}
          id={inputId}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => signup.onEmailChange(event.target.value)}
          placeholder={t("footer.newsletter.emailPlaceholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${noteId}` : noteId}
          className={`min-w-0 flex-1 rounded-md border bg-white/95 px-4 py-3 text-ink shadow-inner outline-none transition placeholder:text-muted/70 focus:bg-white ${
            error
              ? "border-[#f0a39b] ring-3 ring-[#f0a39b]"
              : "border-white/20 focus:ring-2 focus:ring-secondary"
          }`}
        />
        <button
          type="submit"
          disabled={busy}
          data-testid="newsletter-submit"
          className="rounded-md bg-secondary px-7 py-3 font-semibold text-ink shadow-sm transition hover:bg-[#d4ad55] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-70"
        >
          {t("footer.newsletter.submit")}
        </button>
      </div>
      <p id={errorId} role="alert" className="min-h-0 text-[0.92rem] font-medium text-[#ffc2b8]">
        {error ? (
          <span className="mt-2 block" data-testid="newsletter-error">
            {error}
          </span>
        ) : null}
      </p>
      <p id={noteId} className="mt-3 text-sm text-white/75">
        {t("footer.newsletter.note")}{" "}
        <Link
          to={privacyPath}
          className="text-white/85 underline decoration-secondary/70 underline-offset-4 hover:text-secondary"
        >
          {t("footer.newsletter.privacy")}
        </Link>
      </p>
    </form>
  );
}

/**
 * The footer's newsletter block (docs/product/messages-and-reviews.md, "Newsletter"). The e-mail is
 * checked (required, format) before the category modal opens. Saving posts the e-mail and
 * categories; a logged-in user who enters their own account e-mail gets their stored categories
 * preselected and saves them as preferences. Outcomes are shown as snackbars with the texts of
 * docs/product/calls-and-errors.md, "Error catalogue".
 *
 * Decided here: on already_exists the modal closes too (the e-mail to fix is outside it) and the
 * message also stays under the field; the entered e-mail and categories are kept for another try
 * after any failure; server validation errors (422) show under the field.
 */
export function NewsletterSignup({ categories, userId, accountEmail }: NewsletterSignupProps) {
  const signup = useNewsletterSignup({ userId, accountEmail });
  const inputId = useId();

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      data-testid="newsletter"
      className="relative isolate overflow-hidden bg-[#10292c] text-white"
    >
      <NewsletterVideo />
      <div className="container-page relative py-14 tablet:py-16 desktop:grid desktop:grid-cols-[1.1fr_1fr] desktop:items-center desktop:gap-16 desktop:py-20">
        <NewsletterIntro titleId={`${inputId}-title`} />
        <NewsletterEmailForm inputId={inputId} signup={signup} />
      </div>
      <ShownPart
        shown={signup.open}
        part={NewsletterModal}
        props={{
          open: signup.open,
          mode: signup.mode,
          email: signup.email.trim(),
          categories,
          selected: signup.selected,
          saving: signup.busy,
          onChange: signup.setSelected,
          onSave: signup.onSave,
          onClose: () => signup.setOpen(false),
        }}
      />
    </section>
  );
}
