import { Link, useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ReportLink } from "#app/ui/report-link.tsx";
import type { ThreadMessage } from "#core/contracts/messages.ts";
import { fullWhen, MessageText } from "./parts.tsx";
import type { ThreadActionData } from "./thread-actions.ts";

/** One message of the open thread, after the "new" line when it is the first unread one. */
export function MessageItem({
  message,
  showUnreadLine,
  otherName,
}: {
  message: ThreadMessage;
  showUnreadLine: boolean;
  otherName: string;
}) {
  return (
    <>
      {showUnreadLine ? <UnreadLine /> : null}
      {message.senderId === null ? (
        <SystemMessage message={message} />
      ) : (
        <UserMessage message={message} otherName={otherName} />
      )}
    </>
  );
}

function UnreadLine() {
  const { t } = useTranslation();
  return (
    <li
      className="flex items-center gap-3 text-xs font-semibold tracking-wide text-[#7a5c1c] uppercase"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-secondary/50" />
      {t("messages.thread.newLine")}
      <span className="h-px flex-1 bg-secondary/50" />
    </li>
  );
}

function When({ at }: { at: string }) {
  const { locale } = useTranslation();
  return (
    <time dateTime={at} className="tabular-nums" suppressHydrationWarning>
      {fullWhen(at, locale)}
    </time>
  );
}

/** A notice from the system, with a link to what it concerns. */
function SystemMessage({ message }: { message: ThreadMessage }) {
  const { t } = useTranslation();
  return (
    <li
      className="rounded-xl border border-line bg-light px-4 py-3"
      data-testid="message"
      data-system
      data-event={message.event}
    >
      <MessageText text={message.text} />
      <p className="mt-1.5 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <When at={message.at} />
        {message.link ? (
          <Link to={message.link} className="font-semibold text-primary-dark underline underline-offset-2">
            {t("messages.thread.open")}
          </Link>
        ) : null}
      </p>
    </li>
  );
}

/** A bubble: the viewer's own on the right, the other's on the left with a report button. */
function UserMessage({ message, otherName }: { message: ThreadMessage; otherName: string }) {
  const { t } = useTranslation();
  return (
    <li
      className={`flex max-w-[85%] flex-col gap-1 tablet:max-w-[75%] ${message.mine ? "self-end items-end" : "self-start items-start"}`}
      data-testid="message"
      data-mine={message.mine || undefined}
    >
      <span className="sr-only">{message.mine ? t("messages.list.you") : otherName}:</span>
      <div
        className={`rounded-2xl px-4 py-2.5 ${
          message.mine
            ? "rounded-br-md bg-primary-dark text-white"
            : "rounded-bl-md bg-white text-ink ring-1 ring-line"
        }`}
      >
        <MessageText text={message.text} inverted={message.mine} />
      </div>
      {/* A div, not a p: the report button's form inside a p would end the p in the server's
          HTML (the parser closes a p at a form), and hydration would fail on the mismatch. */}
      <div className="flex items-center gap-3 px-1 text-xs text-muted">
        <When at={message.at} />
        {message.mine ? null : <ReportButton message={message} />}
        {message.mine ? null : <ReportLink kind="message" id={message.id} />}
      </div>
    </li>
  );
}

/** Reports the message to the operator (after a question); "reported" once it is. */
function ReportButton({ message }: { message: ThreadMessage }) {
  const { t } = useTranslation();
  const report = useFetcher<ThreadActionData>();
  const reported = message.reported || (report.data?.intent === "report" && report.data.ok);
  if (reported) return <span data-testid="message-reported">{t("messages.thread.reportedShort")}</span>;
  return (
    <report.Form method="post">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="messageId" value={message.id} />
      <button
        type="submit"
        className="underline underline-offset-2 hover:text-danger"
        data-testid="message-report"
        onClick={(event) => {
          if (!window.confirm(t("messages.thread.reportConfirm"))) event.preventDefault();
        }}
      >
        {t("messages.thread.report")}
      </button>
    </report.Form>
  );
}
