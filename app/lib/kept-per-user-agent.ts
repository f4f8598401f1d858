import { LRUCache } from "lru-cache";

/** How many User-Agent strings a kept test remembers; the least recently seen go first. */
export const KEPT_USER_AGENTS = 500;

/**
 * A User-Agent test (isbot's long pattern) whose answers are kept per string: a server sees the
 * same few browsers' strings on every page (issue 18: about 1 % of a page's CPU). Bounded by
 * lru-cache, so odd strings cannot grow it (ADR 0062).
 */
export function keptPerUserAgent(test: (userAgent: string) => boolean): (userAgent: string) => boolean {
  const answers = new LRUCache<string, boolean>({ max: KEPT_USER_AGENTS });
  return (userAgent) => {
    let answer = answers.get(userAgent);
    if (answer === undefined) {
      answer = test(userAgent);
      answers.set(userAgent, answer);
    }
    return answer;
  };
}
