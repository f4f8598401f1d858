import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useSchemaForm } from "#app/ui/forms/conform.ts";
import type { ThreadView } from "#core/contracts/messages.ts";
import { MESSAGE_MAX, ReplySchema } from "#core/schemas/messages.ts";
import type { ThreadActionData } from "./thread-actions.ts";

/**
 * The reply box, bound to the reply schema (core/schemas/messages.ts): a fetcher, so the page
 * stays where it is; without scripts a plain form post the action reads the same way.
 */
export function ReplyBox({ thread }: { thread: ThreadView }) {
  if (!thread.canReply) return <ReplyDisabled thread={thread} />;
  return <ReplyForm />;
}

/** Why no reply can be written here: the system thread, a block either way, a deleted account. */
function ReplyDisabled({ thread }: { thread: ThreadView }) {
  const { t } = useTranslation();
  const why =
    thread.kind === "system"
      ? t("messages.reply.system")
      : thread.blocked
        ? t("messages.reply.youBlocked")
        : thread.blockedByOther
          ? t("messages.errors.blocked")
          : t("messages.errors.gone");
  return (
    <p
      className="mt-auto border-t border-line bg-light px-4 py-4 text-sm text-muted tablet:px-5"
      data-testid="reply-disabled"
    >
      {why}
    </p>
  );
}

function ReplyForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ThreadActionData>();
  const result = fetcher.data?.intent === "reply" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(ReplySchema, result && !result.ok ? result.result : undefined);
  const element = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) element.current?.reset();
  }, [fetcher.state, result]);
  const errors = fields.body.errors ?? [];
  const id = fields.body.id;
  return (
    <fetcher.Form
      ref={element}
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="sticky bottom-0 mt-auto border-t border-line bg-white px-4 py-3 tablet:px-5"
      data-testid="reply-form"
    >
      <input type="hidden" name="intent" value="reply" />
      <label htmlFor={id} className="sr-only">
        {t("messages.reply.label")}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          name="body"
          rows={2}
          maxLength={MESSAGE_MAX}
          required
          placeholder={t("messages.reply.placeholder")}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${id}-error` : undefined}
          className="min-h-12 w-full flex-1 resize-y rounded-lg border border-line bg-white px-3 py-2 leading-relaxed focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
          data-testid="reply-body"
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter sends, as in mail clients; Enter alone is a new line.
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex min-h-12 shrink-0 items-center justify-center rounded-lg bg-primary-dark px-5 font-semibold text-white hover:bg-primary disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark"
          data-testid="reply-send"
        >
          {t("messages.reply.send")}
        </button>
      </div>
      {errors.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
