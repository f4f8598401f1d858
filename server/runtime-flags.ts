/**
 * The Node options the server runs with in production:
 * - V8's young generation capped at two 16 MB semi-spaces (ADR 0115). V8 sizes it from the
 *   machine's memory (two 64 MB halves on 24 GiB) and keeps the pages once touched: a server
 *   process was 424 to 426 MB resident right after its start with the default and 278 to 305 MB
 *   with this, for the same CPU per request (8 MB cost a quarter more CPU).
 * - The old generation let grow to twice its live size between full collections (ADR 0118):
 *   V8 picks a factor of up to 4 on a machine with much memory, and keeps the pages the garbage
 *   filled. 245 to 257 MB after the start instead of 287 to 329, peaks 360 to 384 MB instead of
 *   376 to 488, the same requests a second.
 * They cannot be set once the process runs, so every way of starting the server passes them: the
 * Dockerfile's command and compose's entrypoint (Node refuses the second in `NODE_OPTIONS`),
 * `npm start`, docs/operations.md, the browser tests' and the bench's servers
 * (server/runtime-flags.test.ts holds them to this list). Cluster workers inherit them.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=100"] as const;
