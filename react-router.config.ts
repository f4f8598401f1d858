import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "#server/build-directory.ts";

export default {
  appDirectory: "app",
  buildDirectory: buildDirectory(),
  ssr: true,
  // The whole route manifest as one cached script instead of lazy discovery: lazy discovery
  // matched every ancestor of the URL against the whole route table on each render and answered
  // a /__manifest request per page view (7.4 ms of CPU for /2/rum's links). ADR 0043.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
