import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the contract tests (stripe-contract.test.ts) need around the simulator: a webhook endpoint
 * that records what arrives and answers the status the test sets, and a wait for a condition
 * (polled, never a fixed sleep).
 */
export type ReceivedWebhook = { body: string; signature: string | undefined };

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ body, signature: request.headers["stripe-signature"] as string | undefined });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/deals/webhooks/stripe`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `check` until it returns something truthy; fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error("waitFor: the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
