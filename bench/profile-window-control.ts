/**
 * The bench's side of bench/profile-window.ts: the environment that preloads it into a server the
 * bench starts, and the SIGUSR2 that starts or stops its profiler (server-profile.ts,
 * deal-payments.ts).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's environment for a profile written to `out` (an earlier file there is removed). */
export function profileWindowEnv(out: string): Record<string, string> {
  rmSync(out, { force: true });
  const preload = path.join(import.meta.dirname, "profile-window.ts");
  return {
    PROFILE_WINDOW_OUT: out,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim(),
  };
}

/** Starts the server's profiler; the short wait lets it start before the measured requests. */
export async function startProfile(server: ChildProcess): Promise<void> {
  server.kill("SIGUSR2");
  await sleep(500);
}

/** Stops it and waits (30 s at most) until the profile is written; true when it was. */
export async function stopProfile(server: ChildProcess, out: string): Promise<boolean> {
  server.kill("SIGUSR2");
  for (let waited = 0; !existsSync(out) && waited < 30_000; waited += 250) await sleep(250);
  return existsSync(out);
}
