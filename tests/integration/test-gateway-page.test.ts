import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/context.ts";
import { action, loader } from "#app/routes/test-gateway.tsx";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";

/**
 * The test gateway's page (`/testovaci-platebni-brana/:id`): an id that is not one of the
 * gateway's (a NUL byte, SQL, anything) is a plain 404, never a 500 from the database.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PAYMENTS_TEST_GATEWAY: "true" });
});
afterAll(async () => {
  await api?.close();
});

function context() {
  const provider = new RouterContextProvider();
  provider.set(appContext, { services: api.services, user: null } as never);
  return provider;
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    const thrown = error as { init?: { status: number }; status?: number };
    if (thrown.init?.status) return thrown.init.status;
    if (typeof thrown.status === "number") return thrown.status;
    throw error;
  }
  return 200;
}

const request = (id: string, outcome?: string) =>
  new Request(`http://x/testovaci-platebni-brana/${encodeURIComponent(id)}`, {
    method: outcome ? "POST" : "GET",
    body: outcome ? new URLSearchParams({ outcome }) : undefined,
  });

describe("the test gateway's page", () => {
  it.each(["\u0000", "tgw_\u0000", "a\u0000b", "' or 1=1 --", "tgw_00", "x".repeat(5000)])(
    "answers 404 for the id %j, shown or decided",
    async (id) => {
      const params = { id };
      expect(await status(loader({ params, context: context(), request: request(id) } as never))).toBe(404);
      expect(
        await status(action({ params, context: context(), request: request(id, "paid") } as never)),
      ).toBe(404);
    },
  );

  it("shows a payment the gateway knows", async () => {
    const started = await api.services.testGateway!.create({
      reference: "page-test-1",
      amountMinor: 1500,
      currencyCode: "CZK",
      description: "Topování",
      returnPath: "/",
      locale: "cs",
    });
    const id = started.providerPaymentId;
    const shown = (await loader({ params: { id }, context: context(), request: request(id) } as never)) as {
      payment: { amountMinor: number; state: string };
    };
    expect(shown.payment).toMatchObject({ amountMinor: 1500, state: "created" });
  });
});
