/**
 * What the two security libraries cost (ADR 0012 and 0013; not part of `npm test`):
 *
 *   node bench/security.ts [--rounds 20] [--browser]
 *
 * - zxcvbn-ts (core/rules/password-strength.ts): the first check (it ranks the
 *   dictionaries), then the median and 90th percentile per check of a typical passphrase, of a
 *   short weak password, and of 64 characters (all that is scored) of the kinds that cost most:
 *   random, digits, l33t;
 * - ALTCHA on the server (server/modules/users/altcha.ts): issuing a challenge (one PBKDF2 key is
 *   derived and signed) and verifying a solution (one HMAC), and altcha-lib's solver in Node at
 *   20, 22 and 24 bits (an attacker's cost with the library, one core);
 * - with --browser: the same solver in Debian's Chromium (/usr/bin/chromium, WebCrypto's PBKDF2 on
 *   the page as app/ui/forms/bot-proof.tsx runs it), at 20, 22 and 24 bits.
 *
 * Figures move with the machine's load: the load average is printed before and after.
 */

import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { passwordScore } from "#core/rules/password-strength.ts";
import { createAltcha, solveAltcha } from "#server/modules/auth/index.ts";
import { CHROMIUM_LAUNCH } from "../tests/browser-setup.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "20" }, browser: { type: "boolean", default: false } },
});
const rounds = Number(values.rounds);
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0)).padStart(6);
  return `median ${ms(at(0.5))} ms, p90 ${ms(at(0.9))} ms`;
}

async function measure(label: string, task: () => unknown, count = rounds) {
  const times: number[] = [];
  for (let round = 0; round < count; round++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  console.log(`${label.padEnd(48)} ${summary(times)}`);
}

console.log(`load average before: ${loadavg()}`);

console.log("\nzxcvbn-ts, per check");
const account = ["novy.sberatel@example.cz", "sberatel.novy", "Karel", "Sběratel"];
const started = performance.now();
passwordScore("Jamajsky rum z roku 1998", account);
console.log(
  `${"first check (ranks the dictionaries)".padEnd(48)} ${(performance.now() - started).toFixed(0)} ms`,
);
const random64 = Buffer.from(Array.from({ length: 48 }, (_, i) => (i * 97 + 13) % 256)).toString("base64");
for (const [label, password] of [
  ["passphrase, 24 characters", "Jamajsky rum z roku 1998"],
  ["weak, 8 characters", "heslo123"],
  ["64 random characters", random64.slice(0, 64)],
  ["64 digits", "1234567890".repeat(7).slice(0, 64)],
  ["64 characters of l33t", "p4$$w0rd@!".repeat(7).slice(0, 64)],
  ["1024 characters (64 scored)", "Jamajsky rum z roku 1998 ".repeat(41).slice(0, 1024)],
] as const)
  await measure(label, () => passwordScore(password, account));

console.log("\nALTCHA on the server");
const altcha = createAltcha({ purpose: "login" });
await measure("issue a challenge (20 bits)", () => altcha.issue());
const payloads = await Promise.all(
  Array.from({ length: rounds }, async () => solveAltcha(await altcha.issue())),
);
let next = 0;
await measure("verify a solution", () => altcha.verify(payloads[next++]));
for (const bits of [20, 22, 24]) {
  const count = bits === 24 ? Math.min(rounds, 5) : Math.min(rounds, 10);
  const challenges = await Promise.all(Array.from({ length: count }, () => altcha.issue(bits)));
  let index = 0;
  await measure(`solve in Node, ${bits} bits`, () => solveAltcha(challenges[index++]), count);
}

if (values.browser) {
  // altcha-lib's browser build, served from this origin as the site serves its own chunk.
  const root = path.resolve("node_modules/altcha-lib/dist/esm/v2");
  const server = http
    .createServer((request, response) => {
      const file = path.join(root, path.normalize(request.url ?? "/"));
      if (request.url === "/") return response.end("<!doctype html><title>bench</title>");
      if (!file.startsWith(root) || !fs.existsSync(file)) return response.writeHead(404).end();
      response.setHeader("content-type", "text/javascript");
      response.end(fs.readFileSync(file));
    })
    .listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const page = await browser.newPage();
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
  console.log("\nALTCHA in Chromium (WebCrypto PBKDF2 on the page)");
  for (const bits of [20, 22, 24]) {
    const count = bits === 24 ? Math.min(rounds, 5) : Math.min(rounds, 10);
    const times: number[] = [];
    for (let round = 0; round < count; round++) {
      const challenge = await altcha.issue(bits);
      times.push(
        await page.evaluate(async (challenge) => {
          // Paths on the little server above (a variable keeps TypeScript from resolving them).
          const [library, algorithm] = ["/index.js", "/algorithms/web/pbkdf2.js"];
          const { solveChallenge } = await import(library);
          const { deriveKey } = await import(algorithm);
          const begun = performance.now();
          await solveChallenge({ challenge, deriveKey, timeout: 0 });
          return performance.now() - begun;
        }, challenge),
      );
    }
    console.log(`${`solve in Chromium, ${bits} bits`.padEnd(48)} ${summary(times)}`);
  }
  await browser.close();
  server.close();
}

console.log(`\nload average after: ${loadavg()}`);
