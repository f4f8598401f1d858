/**
 * The Node options the server runs with in production (ADR 0115): V8's young generation capped at
 * two 16 MB semi-spaces. V8 sizes it from the machine's memory (two 64 MB halves on 24 GiB) and
 * keeps the pages once touched: a server process was 424 to 426 MB resident right after its start
 * with the default and 278 to 305 MB with this, for the same CPU per request (8 MB cost a quarter
 * more CPU). They cannot be set once the process runs, so every way of starting the server passes
 * them: the Dockerfile (`NODE_OPTIONS`), `npm start`, docs/operations.md, the browser tests' and the
 * bench's servers (server/runtime-flags.test.ts holds them to this list).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"] as const;
