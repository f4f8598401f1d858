import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../context.ts";
import { loader as contactLoader } from "./account/listings/contact.tsx";
import { loader as editLoader } from "./account/listings/edit.tsx";
import { loader as topLoader } from "./account/listings/top.tsx";
import { loader as summaryLoader } from "./account/summary.tsx";
import { loader as infoLoader } from "./info.tsx";

/**
 * Page routes with an id in the path take decimal digits only: `Number()` would read `0x10` and
 * `1e3` as 16 and 1000 and ` 1` as 1, giving one object many addresses.
 */
function context(calls: unknown[]) {
  // Every lookup records the id it was asked for (the last number: the user id comes first) and finds nothing.
  const record = (...args: unknown[]) => {
    calls.push(args.findLast((arg) => typeof arg === "number"));
    return Promise.resolve(null);
  };
  const provider = new RouterContextProvider();
  provider.set(appContext, {
    user: { id: 1 },
    locale: "cs",
    services: {
      cms: { infoPage: record },
      payments: { order: record, promotionOffer: record },
      listings: { contactTarget: record, editable: record },
    },
  } as never);
  return provider;
}

const routes = [
  ["info", infoLoader, (id: string) => ({ id, slug: "obchodni-podminky" })],
  ["summary", summaryLoader, (id: string) => ({ orderId: id, hash: "abc" })],
  ["contact", contactLoader, (id: string) => ({ productId: id })],
  ["edit", editLoader, (id: string) => ({ id })],
  ["top", topLoader, (id: string) => ({ id })],
] as const;

async function status(run: () => Promise<unknown>): Promise<number | "resolved"> {
  try {
    await run();
    return "resolved";
  } catch (error) {
    return (error as { init?: { status: number } }).init?.status ?? 500;
  }
}

describe("ids in page paths", () => {
  for (const [name, loader, params] of routes) {
    it.each(["0x10", "1e3", " 1", "1.0", "+1"])(`${name}: %j is a 404 without a lookup`, async (id) => {
      const calls: unknown[] = [];
      const call = () =>
        (loader as (args: unknown) => Promise<unknown>)({
          params: params(id),
          request: new Request("http://x/"),
          context: context(calls),
        });
      expect(await status(call)).toBe(404);
      expect(calls).toEqual([]);
    });

    it(`${name}: digits reach the lookup`, async () => {
      const calls: unknown[] = [];
      const call = () =>
        (loader as (args: unknown) => Promise<unknown>)({
          params: params("16"),
          request: new Request("http://x/"),
          context: context(calls),
        });
      expect(await status(call)).toBe(404);
      expect(calls).toEqual([16]);
    });
  }
});
