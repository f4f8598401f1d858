import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAresAdapter } from "./index.ts";
import { ARES_SIMULATOR_OUTAGE_ICO } from "./simulator/register.ts";
import { type AresSimulator, startAresSimulator } from "./simulator/server.ts";

/**
 * The ARES adapter against the local simulator over HTTP (ARES's path and JSON): a subject with
 * its name and seat, a ceased one, an unknown IČO (404 with ARES's error body), an outage (503),
 * and a register that does not answer in time.
 */

let simulator: AresSimulator;
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  simulator = await startAresSimulator();
  // Takes the request and never answers: the adapter's timeout decides.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/rest`;
});

afterAll(async () => {
  await simulator?.stop();
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
});

describe("the ARES adapter", () => {
  it("reads a subject's business name and seat", async () => {
    const ares = createAresAdapter({ baseUrl: simulator.url });
    expect(await ares.lookup("27483916")).toEqual({
      ok: true,
      value: {
        ico: "27483916",
        name: "Vinotéka U Sudu s.r.o.",
        address: {
          street: "Vinohradská 1511/230",
          city: "Praha",
          zip: "10000",
          text: "Vinohradská 1511/230, Vinohrady, 10000 Praha 10",
        },
        ceasedOn: null,
      },
    });
  });

  it("reads a house number without a street and the date a subject ceased", async () => {
    const ares = createAresAdapter({ baseUrl: simulator.url });
    const ceased = await ares.lookup("08701156");
    expect(ceased.ok && ceased.value.ceasedOn).toBe("2024-06-30");
    expect(ceased.ok && ceased.value.address.street).toBe("Razov 472");
  });

  it("answers not_found for an IČO ARES does not know, as its 404 says", async () => {
    const response = await fetch(`${simulator.url}/ekonomicke-subjekty/12345679`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ kod: "NENALEZENO" });
    const ares = createAresAdapter({ baseUrl: simulator.url });
    expect(await ares.lookup("12345679")).toMatchObject({ ok: false, code: "not_found" });
  });

  it("answers unavailable when ARES fails or does not answer in time", async () => {
    expect(
      await createAresAdapter({ baseUrl: simulator.url }).lookup(ARES_SIMULATOR_OUTAGE_ICO),
    ).toMatchObject({
      ok: false,
      code: "unavailable",
    });
    const slow = createAresAdapter({ baseUrl: silentUrl, timeoutMs: 200 });
    expect(await slow.lookup("27483916")).toMatchObject({ ok: false, code: "unavailable" });
    const closed = createAresAdapter({ baseUrl: "http://127.0.0.1:1/rest", timeoutMs: 500 });
    expect(await closed.lookup("27483916")).toMatchObject({ ok: false, code: "unavailable" });
  });
});
