import { screen, waitFor } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import type { ThreadView } from "#core/contracts/messages.ts";
import { ReplyBox } from "./reply-box.tsx";
import type { ThreadActionData } from "./thread-actions.ts";

const THREAD = {
  id: 5,
  kind: "conversation",
  role: "buyer",
  product: null,
  other: { id: 2, username: "prodejce", avatarFileName: null },
  last: null,
  unread: 0,
  blocked: false,
  messages: [],
  canReply: true,
  blockedByOther: false,
  deal: null,
} as ThreadView;

const BLOCKED = "Tomuto uživateli teď nelze psát: jeden z vás druhého zablokoval.";

/** A stub thread page: the reply box of the thread its loader gives. */
function ThreadPage({ loaderData }: { loaderData: ThreadView }) {
  return <ReplyBox thread={loaderData} />;
}

function renderReplyBox(answer: (form: FormData) => ThreadActionData, thread: ThreadView = THREAD) {
  const recorder = recordingAction(answer);
  const view = renderRoute(
    {
      id: "thread",
      path: "/ucet/zpravy/5",
      loader: () => thread,
      action: recorder.action,
      Component: ThreadPage,
    },
    { user: {}, url: "/ucet/zpravy/5", loaderData: { thread } },
  );
  return { ...view, recorder };
}

describe("ReplyBox", () => {
  test("posts the reply and empties the box once it is sent", async () => {
    const { user, recorder } = renderReplyBox(() => ({ intent: "reply", ok: true }));
    await user.type(screen.getByTestId("reply-body"), "Dobrý den");
    await user.click(screen.getByTestId("reply-send"));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ intent: "reply", body: "Dobrý den" });
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>("reply-body").value).toBe(""));
  });

  test("an empty reply is refused in the browser by the same schema, without a post", async () => {
    const { user, recorder } = renderReplyBox(() => ({ intent: "reply", ok: true }));
    await user.click(screen.getByTestId("reply-send"));
    const error = await screen.findByRole("alert");
    expect(textOf(error)).toBe("Pole musí být vyplněno");
    expect(screen.getByTestId("reply-body").getAttribute("aria-invalid")).toBe("true");
    expect(recorder.posts).toHaveLength(0);
  });

  test("the action's refusal is shown at the box, the text kept", async () => {
    const { user } = renderReplyBox(() => ({
      intent: "reply",
      ok: false,
      result: { status: "error", error: { body: [BLOCKED] } },
    }));
    await user.type(screen.getByTestId("reply-body"), "Haló");
    await user.click(screen.getByTestId("reply-send"));
    expect(textOf(await screen.findByRole("alert"))).toBe(BLOCKED);
    expect(screen.getByTestId<HTMLTextAreaElement>("reply-body").value).toBe("Haló");
  });

  test("says why no reply can be written in a blocked thread", () => {
    renderReplyBox(() => ({ intent: "reply", ok: true }), { ...THREAD, canReply: false, blocked: true });
    expect(screen.queryByTestId("reply-form")).toBeNull();
    expect(screen.getByTestId("reply-disabled")).toBeTruthy();
  });
});
