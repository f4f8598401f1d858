/** How many User-Agent strings a kept test remembers before it starts again. */
export const KEPT_USER_AGENTS = 500;

/**
 * A User-Agent test (isbot's long pattern) whose answers are kept per string: a server sees the
 * same few browsers' strings on every page (issue 18: about 1 % of a page's CPU). Bounded: the
 * answers are dropped once KEPT_USER_AGENTS strings are held, so odd strings cannot grow it.
 */
export function keptPerUserAgent(test: (userAgent: string) => boolean): (userAgent: string) => boolean {
  const answers = new Map<string, boolean>();
  return (userAgent) => {
    let answer = answers.get(userAgent);
    if (answer === undefined) {
      answer = test(userAgent);
      if (answers.size >= KEPT_USER_AGENTS) answers.clear();
      answers.set(userAgent, answer);
    }
    return answer;
  };
}
