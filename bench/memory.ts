/**
 * Resident memory of a server's processes (issue 40: one instance under the bench stays under
 * 300 MB), read from Linux's /proc: each process's peak resident set (VmHWM) since it started.
 */
import fs from "node:fs";
import { treeTicks } from "./page-cost-tools.ts";

/** The peak resident memory of a process, in MB, or null when it is gone. */
function peakOf(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = status.match(/^VmHWM:\s+(\d+) kB/m)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The peaks of a process and its descendants (a server may fork workers): the largest single
 * process and the sum of all (an upper bound of the instance's peak: the peaks need not coincide).
 */
export function peakResidentMb(rootPid: number): { largest: number; sum: number; processes: number } {
  const peaks = [...treeTicks(rootPid).keys()].map(peakOf).filter((mb): mb is number => mb !== null);
  return {
    largest: Math.round(Math.max(0, ...peaks)),
    sum: Math.round(peaks.reduce((total, mb) => total + mb, 0)),
    processes: peaks.length,
  };
}
