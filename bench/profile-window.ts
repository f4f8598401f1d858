/**
 * Preloaded into the production server by bench/server-profile.ts (`node --import`): SIGUSR2
 * starts Node's CPU profiler (node:inspector, in this process), the next SIGUSR2 stops it and
 * writes the profile to PROFILE_WINDOW_OUT. A profile of the steady state only: `--cpu-prof`
 * covers the whole life of the process, its start and the live terms' load included.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

const out = process.env.PROFILE_WINDOW_OUT;
if (out) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on("SIGUSR2", async () => {
    if (!running) {
      running = true;
      await session.post("Profiler.enable");
      // PROFILE_WINDOW_INTERVAL_US: a finer sampling than V8's 1 ms, for short windows.
      const interval = Number(process.env.PROFILE_WINDOW_INTERVAL_US);
      if (interval > 0) await session.post("Profiler.setSamplingInterval", { interval });
      await session.post("Profiler.start");
      return;
    }
    running = false;
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(out, JSON.stringify(profile));
  });
}
