import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "#server/build-directory.ts";

export default {
  appDirectory: "app",
  buildDirectory: buildDirectory(),
  ssr: true,
} satisfies Config;
