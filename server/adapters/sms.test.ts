import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmsSender, readSmsOutbox } from "./sms.ts";

const requests: { auth?: string; type?: string; body: unknown }[] = [];
let status = 200;
const gateway = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    requests.push({
      auth: request.headers.authorization,
      type: request.headers["content-type"],
      body: JSON.parse(body),
    });
    response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise((resolve) => gateway.close(resolve)));

describe("SMS sender", () => {
  it("posts {to, text} as JSON with the bearer token to the configured gateway, and throws on a refusal without the text", async () => {
    const sender = createSmsSender({ gateway: { url, token: "brana-123" }, outboxDir: "/nonexistent" });
    expect(sender.kind).toBe("gateway");
    await sender.send("+420601234567", "Rarita: váš ověřovací kód je 123456.");
    expect(requests.at(-1)).toEqual({
      auth: "Bearer brana-123",
      type: "application/json",
      body: { to: "+420601234567", text: "Rarita: váš ověřovací kód je 123456." },
    });
    status = 500;
    await expect(sender.send("+420601234567", "kód 654321")).rejects.toThrow(/^SMS gateway answered 500$/);
    status = 200;
  });

  it("without a gateway writes the message to the outbox folder and the log", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-sms-"));
    const logged: unknown[] = [];
    const sender = createSmsSender({
      outboxDir: path.join(dir, "sms"),
      logger: { info: (obj: unknown) => logged.push(obj) },
    });
    expect(sender.kind).toBe("outbox");
    await sender.send("+421905111222", "kód 111222");
    const [message] = await readSmsOutbox(path.join(dir, "sms"));
    expect(message).toMatchObject({ to: "+421905111222", text: "kód 111222" });
    expect(logged).toEqual([{ to: "+421905111222", text: "kód 111222" }]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
