import type { ApiClient } from "./client.ts";

export type { ApiClient, paths } from "./client.ts";

/** The typed API client (client.ts), in a chunk of its own that loads on the first call. */
export async function loadApiClient(): Promise<ApiClient> {
  return (await import("./client.ts")).api;
}
