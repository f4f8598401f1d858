/**
 * Resident memory of a server's processes (issue 40: one instance under the bench stays under
 * 300 MB), read from Linux's /proc: each process's peak resident set (VmHWM) since it started.
 */
import fs from "node:fs";
import { treeTicks } from "./page-cost-tools.ts";

/** A process's peak (VmHWM) or present (VmRSS) resident memory, in MB, or null when it is gone. */
function residentOf(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The resident memory of a process and its descendants (a server may fork workers), by default
 * their peaks: the largest single process and the sum of all (an upper bound of the instance's
 * peak: the peaks need not coincide). With `VmRSS`, what they hold now instead (the server just
 * started: its size before any load).
 */
export function residentMb(
  rootPid: number,
  field: "VmHWM" | "VmRSS" = "VmHWM",
): { largest: number; sum: number; processes: number } {
  const peaks = [...treeTicks(rootPid).keys()]
    .map((pid) => residentOf(pid, field))
    .filter((mb): mb is number => mb !== null);
  return {
    largest: Math.round(Math.max(0, ...peaks)),
    sum: Math.round(peaks.reduce((total, mb) => total + mb, 0)),
    processes: peaks.length,
  };
}
