import { useRouteLoaderData } from "react-router";
import type { ShellData } from "#app/shell.ts";

/** The root loader's shell data (app/shell.server.ts), or undefined when the root loader failed. */
export function useShell(): ShellData | undefined {
  return useRouteLoaderData("root") as ShellData | undefined;
}
