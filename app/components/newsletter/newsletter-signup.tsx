import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { CategoryNode } from "#app/shell.ts";
import { localePath } from "#core/i18n/paths.ts";
import { showSnackbar } from "../feedback/snackbar-store.ts";
import { loadAccountEmail, loadPreferences, savePreferences, saveSubscriber } from "./api.ts";
import { NewsletterModal } from "./newsletter-modal.tsx";
import { NewsletterVideo } from "./newsletter-video.tsx";
import { validateNewsletterEmail } from "./validate-email.ts";

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

/**
 * The footer's newsletter block (spec sections 2, 4, 5 and 8). The e-mail is checked (required,
 * format) before the category modal opens. Saving posts the e-mail and categories; a logged-in
 * user who enters their own account e-mail gets their stored categories preselected and saves
 * them as preferences. Outcomes are shown as snackbars with the spec's texts.
 *
 * Decisions where the spec is silent: on already_exists the modal closes too (the e-mail to fix is
 * outside it) and the message also stays under the field; the entered e-mail and categories are
 * kept for another try after any failure; server validation errors (422) show under the field.
 */
export function NewsletterSignup({ categories, userId, accountEmail }: NewsletterSignupProps) {
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
  const inputId = useId();
  const errorId = useId();
  const noteId = useId();

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
    let account = accountEmail ?? null;
    if (userId !== null && !account) {
      if (fetchedAccountEmail.current?.userId !== userId)
        fetchedAccountEmail.current = { userId, email: await loadAccountEmail() };
      account = fetchedAccountEmail.current.email;
    }
    const own =
      userId !== null && Boolean(account) && email.trim().toLowerCase() === account?.trim().toLowerCase();
    setMode(own ? "preferences" : "subscribe");
    if (own) {
      // Failing to load the stored choice is silent (spec section 8): the modal opens with the current one.
      const stored = await loadPreferences(locale);
      if (stored) setSelected(stored);
    }
    setBusy(false);
    setOpen(true);
  };

  const finish = (outcome: "cleared" | "kept") => {
    setOpen(false);
    if (outcome === "cleared") {
      setEmail("");
      setSelected([]);
      setSubmitted(false);
      setError(null);
    }
  };

  const onSave = async () => {
    if (busy) return;
    setBusy(true);
    const address = email.trim();
    if (mode === "preferences") {
      const saved = await savePreferences(selected, locale);
      setBusy(false);
      showSnackbar(
        saved
          ? { type: "success", text: t("footer.newsletter.preferencesSaved") }
          : { type: "danger", text: t("footer.newsletter.preferencesFailed") },
      );
      finish(saved ? "cleared" : "kept");
      return;
    }
    const result = await saveSubscriber(address, selected, locale);
    setBusy(false);
    switch (result.status) {
      case "saved":
        // Double opt-in: saved is not subscribed yet; say where the confirmation waits.
        showSnackbar({
          type: "success",
          text: `${t("footer.newsletter.saved")} ${t("footer.newsletter.savedConfirm")}`,
        });
        finish("cleared");
        break;
      case "already_exists":
        showSnackbar({ type: "danger", text: t("footer.newsletter.alreadyExists") });
        setError(t("footer.newsletter.alreadyExists"));
        finish("kept");
        break;
      case "invalid":
        showSnackbar({ type: "danger", text: t("footer.newsletter.failed") });
        setError(result.errors.email?.join(", ") ?? null);
        finish("kept");
        break;
      default:
        showSnackbar({ type: "danger", text: t("footer.newsletter.failed") });
        finish("kept");
    }
  };

  const privacyPath = localePath("info", locale, {
    id: 2,
    slug: locale === "en" ? "privacy-policy" : "gdpr",
  });

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      data-testid="newsletter"
      className="relative isolate overflow-hidden bg-[#10292c] text-white"
    >
      <NewsletterVideo />
      <div className="container-page relative py-14 tablet:py-16 desktop:grid desktop:grid-cols-[1.1fr_1fr] desktop:items-center desktop:gap-16 desktop:py-20">
        <div>
          <p className="flex items-center gap-3 text-sm font-semibold tracking-[0.22em] text-secondary uppercase">
            <span aria-hidden="true" className="h-px w-8 bg-secondary" />
            {t("footer.newsletter.kicker")}
          </p>
          <h2
            id={`${inputId}-title`}
            className="mt-3 font-serif text-[1.9rem] leading-tight text-balance tablet:text-[2.3rem]"
          >
            {t("footer.newsletter.title")}
          </h2>
          <p className="mt-4 max-w-xl leading-relaxed text-white/80">{t("footer.newsletter.text")}</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="mt-8 desktop:mt-0" data-testid="newsletter-form">
          <label htmlFor={inputId} className="text-sm font-medium text-white/85">
            {t("footer.newsletter.emailLabel")}
          </label>
          <div className="mt-2 flex flex-col gap-3 tablet:flex-row">
            <input
              ref={inputRef}
              id={inputId}
              type="email"
              name="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (submitted) setError(validate(event.target.value));
              }}
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
      </div>
      <NewsletterModal
        open={open}
        mode={mode}
        email={email.trim()}
        categories={categories}
        selected={selected}
        saving={busy}
        onChange={setSelected}
        onSave={onSave}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
