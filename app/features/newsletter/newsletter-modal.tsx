import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CheckboxTree, type CheckboxTreeNode } from "#app/ui/checkbox-tree.tsx";
import { CloseIcon } from "#app/ui/feedback/icons.tsx";
import { ModalDialog } from "#app/ui/feedback/modal-dialog.tsx";

type NewsletterModalProps = {
  open: boolean;
  /** "subscribe" for a new address, "preferences" for the logged-in user's own one. */
  mode: "subscribe" | "preferences";
  email: string;
  categories: readonly CheckboxTreeNode[];
  selected: readonly number[];
  saving: boolean;
  onChange: (selected: number[]) => void;
  onSave: () => void;
  onClose: () => void;
};

/** The modal's head: what it is for and to which address, and the close button. */
function NewsletterModalHeader({
  titleId,
  textId,
  preferences,
  email,
  saving,
  onClose,
}: {
  titleId: string;
  textId: string;
  preferences: boolean;
  email: string;
  saving: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="relative border-b border-line bg-white px-5 pt-6 pb-5 tablet:px-8">
      <p className="text-sm font-semibold tracking-[0.18em] text-[#8a6a24] uppercase">
        {t("footer.newsletter.kicker")}
      </p>
      <h2 id={titleId} className="mt-1 pr-10 font-serif text-[1.6rem] leading-tight text-primary-dark">
        {preferences ? t("footer.newsletter.preferencesTitle") : t("footer.newsletter.modalTitle")}
      </h2>
      <p id={textId} className="mt-2 text-[0.92rem] text-muted">
        {t(preferences ? "footer.newsletter.preferencesText" : "footer.newsletter.modalText", { email })}
      </p>
      <button
        type="button"
        onClick={onClose}
        disabled={saving}
        aria-label={t("common.close")}
        className="absolute top-4 right-4 grid size-10 place-items-center rounded-full text-muted transition hover:bg-line/50 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-dark disabled:opacity-40"
      >
        <CloseIcon />
      </button>
    </header>
  );
}

/** The modal's foot: how many are chosen (and clearing them), the opt-in note, cancel and save. */
function NewsletterModalFooter({
  preferences,
  selectedCount,
  saving,
  onClear,
  onClose,
}: {
  preferences: boolean;
  selectedCount: number;
  saving: boolean;
  onClear: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-white px-5 py-4 tablet:flex tablet:items-center tablet:gap-6 tablet:px-8">
      <div className="flex-1 text-sm text-muted">
        <p aria-live="polite">
          <span className="font-medium text-ink">
            {t("footer.newsletter.selectedCount", { count: selectedCount })}
          </span>
          {selectedCount > 0 ? (
            <>
              {" · "}
              <button
                type="button"
                onClick={onClear}
                className="text-primary-dark underline decoration-line underline-offset-4 hover:decoration-secondary"
              >
                {t("footer.newsletter.clear")}
              </button>
            </>
          ) : null}
        </p>
        {preferences ? null : <p className="mt-1">{t("footer.newsletter.optIn")}</p>}
      </div>
      <div className="mt-4 flex gap-3 tablet:mt-0">
        <button
          type="button"
          onClick={onClose}
          disabled={saving}
          className="flex-1 rounded-md border border-line px-5 py-2.5 font-medium text-ink transition hover:border-primary hover:bg-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-50 tablet:flex-none"
        >
          {t("footer.newsletter.cancel")}
        </button>
        <button
          type="submit"
          disabled={saving}
          data-testid="newsletter-save"
          className="flex-1 rounded-md bg-primary-dark px-7 py-2.5 font-semibold text-white shadow-sm transition hover:bg-[#173d42] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:opacity-60 tablet:flex-none"
        >
          {saving ? t("footer.newsletter.saving") : t("footer.newsletter.save")}
        </button>
      </div>
    </footer>
  );
}

/**
 * The newsletter's category modal (docs/product/messages-and-reviews.md, "Newsletter"): the category
 * checkbox selector, 6 columns on desktop, check-down mode, and the save button.
 */
export function NewsletterModal(props: NewsletterModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const preferences = props.mode === "preferences";

  return (
    <ModalDialog
      open={props.open}
      onClose={props.saving ? undefined : props.onClose}
      labelledBy={titleId}
      describedBy={textId}
      testId="newsletter-modal"
      className="max-w-[1180px] overflow-hidden"
    >
      {/* The tree is only rendered while open: it is not worth sending with every page. */}
      {props.open ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onSave();
          }}
          className="flex max-h-[calc(100dvh-2rem)] flex-col"
        >
          <NewsletterModalHeader
            titleId={titleId}
            textId={textId}
            preferences={preferences}
            email={props.email}
            saving={props.saving}
            onClose={props.onClose}
          />
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-6 tablet:px-8">
            <CheckboxTree
              categories={props.categories}
              selected={props.selected}
              onChange={props.onChange}
              mode="down"
              columns={6}
              label={t("footer.newsletter.treeLabel")}
            />
          </div>
          <NewsletterModalFooter
            preferences={preferences}
            selectedCount={props.selected.length}
            saving={props.saving}
            onClear={() => props.onChange([])}
            onClose={props.onClose}
          />
        </form>
      ) : null}
    </ModalDialog>
  );
}
