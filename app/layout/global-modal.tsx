import { useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CloseIcon } from "../ui/feedback/icons.tsx";
import { ModalDialog } from "../ui/feedback/modal-dialog.tsx";
import { closeGlobalModal, globalModalView, useGlobalModalContent } from "../ui/feedback/modal-store.ts";

/**
 * The global modal (docs/product/screens.md, "Parts of every page"): a title and a text, opened
 * from anywhere with `useGlobalModal().open({ type: "text", title, text })`. Any other type shows
 * the translated unknown-type message.
 */
export function GlobalModal() {
  const { t } = useTranslation();
  const content = useGlobalModalContent();
  const titleId = useId();
  const textId = useId();
  const view = content ? globalModalView(content) : null;
  const title = view?.kind === "text" ? view.title : t("footer.modal.unknownTitle");
  const text = view?.kind === "text" ? view.text : t("footer.modal.unknownType", { type: view?.type ?? "" });

  return (
    <ModalDialog
      open={content !== null}
      onClose={closeGlobalModal}
      labelledBy={titleId}
      describedBy={textId}
      testId="global-modal"
      className="max-w-lg"
    >
      {content ? (
        <div className="relative px-6 pt-7 pb-6 tablet:px-8">
          <button
            type="button"
            onClick={closeGlobalModal}
            aria-label={t("common.close")}
            className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-muted transition hover:bg-line/50 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary-dark"
          >
            <CloseIcon />
          </button>
          <h2 id={titleId} className="pr-10 font-serif text-2xl text-primary-dark">
            {title}
          </h2>
          <div className="mt-2 h-0.5 w-12 bg-secondary" aria-hidden="true" />
          <p id={textId} className="mt-4 leading-relaxed whitespace-pre-line text-ink/90">
            {text}
          </p>
          <div className="mt-7 flex justify-end">
            <button
              type="button"
              onClick={closeGlobalModal}
              className="rounded-md bg-primary-dark px-6 py-2.5 font-medium text-white transition hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
            >
              {t("footer.modal.ok")}
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
