import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ARES_SIMULATOR_OUTAGE_ICO, SIMULATED_SUBJECTS } from "./register.ts";

/**
 * The local ARES simulator (issue 36, item 2; ADR 0085): its own `node:http` server on the
 * loopback that answers ARES's REST path for one subject,
 * `GET /ekonomicke-subjekty-v-be/rest/ekonomicke-subjekty/{ico}`, with ARES's JSON: the subject
 * (200), ARES's error body for an unknown IČO (404, `{ kod: "NENALEZENO", popis }`) or a malformed
 * one (400), and 503 for the outage IČO. It keeps no state; the demo (`npm start`) and the browser
 * tests point the adapter at it with ARES_SIMULATOR=true.
 */

export const ARES_SIMULATOR_BASE_PATH = "/ekonomicke-subjekty-v-be/rest";

export type AresSimulator = {
  /** The API's base (what ARES_URL would be): `http://127.0.0.1:<port>/ekonomicke-subjekty-v-be/rest`. */
  url: string;
  port: number;
  stop(): Promise<void>;
};

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json;charset=UTF-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const match = url.pathname.match(/^\/ekonomicke-subjekty-v-be\/rest\/ekonomicke-subjekty\/([^/]+)$/);
  if (req.method !== "GET" || !match)
    return json(res, 404, { kod: "NENALEZENO", popis: "Požadovaný zdroj nebyl nalezen." });
  const ico = decodeURIComponent(match[1]);
  if (!/^\d{8}$/.test(ico))
    return json(res, 400, { kod: "CHYBA_VSTUPU", popis: "Chybně zadaný vstup: IČO musí mít 8 číslic." });
  if (ico === ARES_SIMULATOR_OUTAGE_ICO)
    return json(res, 503, { kod: "SLUZBA_NEDOSTUPNA", popis: "Služba je dočasně nedostupná." });
  const subject = SIMULATED_SUBJECTS.find((s) => s.ico === ico);
  if (!subject)
    return json(res, 404, {
      kod: "NENALEZENO",
      popis: `Ekonomický subjekt s IČO ${ico} nebyl nalezen.`,
    });
  return json(res, 200, subject);
}

/** Starts the simulator on 127.0.0.1 (port 0: a free one). */
export async function startAresSimulator({ port = 0 }: { port?: number } = {}): Promise<AresSimulator> {
  const server = createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}${ARES_SIMULATOR_BASE_PATH}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
