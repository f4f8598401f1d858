import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { messages, messageThreads, threadParticipants } from "./tables.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/message?counter=1", () => {
  it("counts received messages: total, new (unread) and unread system ones", async () => {
    const { user: buyer, token } = await api.createUser();
    const { user: seller } = await api.createUser();
    const hour = 3600 * 1000;
    const now = Date.now();
    const [conversation, system] = await api.db
      .insert(messageThreads)
      .values([{ kind: "conversation" }, { kind: "system" }])
      .returning();
    await api.db.insert(threadParticipants).values([
      { threadId: conversation.id, userId: buyer.id, role: "buyer", lastReadAt: new Date(now - 2 * hour) },
      { threadId: conversation.id, userId: seller.id, role: "seller" },
      { threadId: system.id, userId: buyer.id, role: "owner", lastReadAt: null },
    ]);
    await api.db.insert(messages).values([
      {
        threadId: conversation.id,
        senderId: seller.id,
        body: "Dobrý den, láhev je k dispozici.",
        createdAt: new Date(now - 3 * hour),
      },
      {
        threadId: conversation.id,
        senderId: buyer.id,
        body: "Děkuji, beru.",
        createdAt: new Date(now - 2.5 * hour),
      },
      {
        threadId: conversation.id,
        senderId: seller.id,
        body: "Posílám platební údaje.",
        createdAt: new Date(now - hour),
      },
      {
        threadId: system.id,
        senderId: null,
        body: "Byli jste přehozeni.",
        event: "outbid",
        createdAt: new Date(now - hour),
      },
      {
        threadId: system.id,
        senderId: null,
        body: "Aukce brzy končí.",
        event: "ending_soon",
        createdAt: new Date(now - 0.5 * hour),
      },
    ]);

    const response = await api.call("GET", "/api/message?counter=1", { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ total: 4, new: 3, system: 2 });
  });

  it("is zero for a user without messages, 401 without a token, 422 without counter=1", async () => {
    const { token } = await api.createUser();
    expect((await api.call("GET", "/api/message?counter=1", { token })).json).toEqual({
      total: 0,
      new: 0,
      system: 0,
    });
    expect((await api.call("GET", "/api/message?counter=1")).status).toBe(401);
    expect((await api.call("GET", "/api/message", { token })).status).toBe(422);
  });
});
