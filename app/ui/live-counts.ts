import { useEffect, useRef, useSyncExternalStore } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { type ApiClient, loadApiClient } from "#app/lib/api/index.ts";
import type { ShellData, ShellUser } from "#app/shell.ts";
import type { UserEvent } from "#core/contracts/messages.ts";
import { createStore } from "./feedback/external-store.ts";

/**
 * The logged-in user's message and advertisement counts (docs/product/screens.md, "Client state":
 * polled every 10 s). The header polls; the bell, the account dropdown and the account sidebar read
 * the same store, so they never disagree. Until the first poll (and during server rendering) the
 * counts come from the root loader's `shell.user`.
 */
export const COUNTS_POLL_INTERVAL = 10_000;

export type LiveCounts = { messages: ShellUser["messages"]; advertisements: ShellUser["advertisements"] };
type Entry = LiveCounts & { userId: number };

const store = createStore<Entry | null>(null);

/** Pages that follow a thread live (the inbox's thread view): told the id of each changed thread. */
const threadListeners = new Set<(threadId: number | null) => void>();

/**
 * Calls `onChange` whenever the user's live stream says a thread changed (a message arrived, it was
 * read in another tab); `null` means "something changed" (a block, a reconnect).
 */
export function useThreadEvents(onChange: (threadId: number | null) => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = (threadId: number | null) => latest.current(threadId);
    threadListeners.add(listener);
    return () => {
      threadListeners.delete(listener);
    };
  }, []);
}

/** The path of the user's live stream (Server-Sent Events, the session cookie authenticates it). */
export const USER_EVENTS_PATH = "/api/me/events";

export function useShellData(): ShellData | undefined {
  return useRouteLoaderData("root") as ShellData | undefined;
}

/** The current counts for the logged-in user, or null for guests. */
export function useLiveCounts(): LiveCounts | null {
  const user = useShellData()?.user ?? null;
  const entry = useSyncExternalStore(store.subscribe, store.get, () => null);
  if (!user) return null;
  if (entry && entry.userId === user.id) return entry;
  return { messages: user.messages, advertisements: user.advertisements };
}

/** One count through the typed API client: null when it could not be read, LoggedOut on a 401. */
async function read<T>(
  call: (api: ApiClient) => Promise<{ data?: T; response: Response }>,
): Promise<T | null> {
  const { data, response } = await call(await loadApiClient());
  if (response.status === 401) throw new LoggedOut();
  return data ?? null;
}

class LoggedOut extends Error {}

type InitialCounts = { current: Partial<LiveCounts> };

/** Keeps the store's entry when the counts did not change, so readers do not render again. */
function setCounts(userId: number, next: (base: Entry | null) => Entry | null) {
  store.set((previous) => {
    const base = previous && previous.userId === userId ? previous : null;
    const nextEntry = next(base);
    if (!nextEntry) return previous;
    return base && sameCounts(base, nextEntry) ? base : nextEntry;
  });
}

/**
 * The 10 s poll of both counts for `userId`, with its controls: `start` and `pause` follow the
 * tab's visibility, `stop` ends it for good (the session ended: `onLoggedOut`).
 */
function createCountsPoller(userId: number, initial: InitialCounts, onLoggedOut: () => void) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let controller: AbortController | null = null;
  let stopped = false;

  const poll = async () => {
    controller?.abort();
    controller = new AbortController();
    const { signal } = controller;
    try {
      const [nextMessages, nextAdvertisements] = await Promise.all([
        read<LiveCounts["messages"]>((api) =>
          api.GET("/message", { params: { query: { counter: "1" } }, signal }),
        ),
        read<LiveCounts["advertisements"]>((api) => api.GET("/me/advertisements/statistics", { signal })),
      ]);
      setCounts(userId, (base) => ({
        userId,
        messages: nextMessages ?? base?.messages ?? initial.current.messages!,
        advertisements: nextAdvertisements ?? base?.advertisements ?? initial.current.advertisements!,
      }));
    } catch (error) {
      if (error instanceof LoggedOut) {
        stop();
        onLoggedOut();
      }
      // Network errors and aborts: keep the last counts, try again on the next tick.
    }
  };
  const start = () => {
    if (stopped || timer !== null) return;
    timer = setInterval(poll, COUNTS_POLL_INTERVAL);
  };
  const pause = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    controller?.abort();
  };
  const stop = () => {
    stopped = true;
    pause();
  };
  /** Becoming visible polls at once and resumes; hidden pauses. */
  const onVisibility = () => {
    if (document.visibilityState === "visible") {
      if (stopped || timer !== null) return;
      void poll();
      start();
    } else pause();
  };
  return { start, stop, onVisibility };
}

/**
 * On top of the poll, new messages arrive live over the user's event stream (the same
 * LISTEN/NOTIFY-fed SSE as the auction page): the bell moves at once, and an open thread reloads.
 * The browser reconnects by itself; the poll covers any gap. Null where there is no EventSource.
 */
function listenToUserEvents(userId: number, initial: InitialCounts): EventSource | null {
  if (typeof EventSource === "undefined") return null;
  const events = new EventSource(USER_EVENTS_PATH);
  events.addEventListener("counter", (message) => {
    let event: UserEvent;
    try {
      event = JSON.parse((message as MessageEvent<string>).data);
    } catch {
      return;
    }
    // The event sent on (re)connecting names no thread: it tells nothing the page and the
    // poll do not already know, so only a change (a message, a reading) moves the counts.
    if (event.threadId === null) return;
    setCounts(userId, (base) => {
      const advertisements = base?.advertisements ?? initial.current.advertisements;
      return advertisements ? { userId, messages: event.counter, advertisements } : null;
    });
    for (const listener of threadListeners) listener(event.threadId);
  });
  return events;
}

/**
 * Polls `/api/message?counter=1` and `/api/me/advertisements/statistics` every 10 s while a user is
 * logged in and the tab is visible; a hidden tab stops polling, becoming visible polls at once and
 * resumes. Fresh loader data (after a navigation) replaces the polled values. A 401 (the session
 * ended elsewhere: logout in another tab, expiry, revocation) stops polling and revalidates the
 * page (docs/product/screens.md, "Client state"): the root loader now sees a guest, and a protected
 * page's `auth` middleware sends the visitor to the login target with the page remembered; other
 * pages stay, as a guest's.
 */
export function useCountsPolling() {
  const user = useShellData()?.user ?? null;
  const userId = user?.id ?? null;
  const messages = user?.messages;
  const advertisements = user?.advertisements;

  const initial = useRef({ messages, advertisements });
  initial.current = { messages, advertisements };
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // Loader data is as fresh as a poll: take it whenever it changes.
  useEffect(() => {
    store.set(userId !== null && messages && advertisements ? { userId, messages, advertisements } : null);
  }, [userId, messages, advertisements]);

  useEffect(() => {
    if (userId === null) return;
    const poller = createCountsPoller(userId, initial, () => void revalidate.current());
    const events = listenToUserEvents(userId, initial);
    if (document.visibilityState === "visible") poller.start();
    document.addEventListener("visibilitychange", poller.onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", poller.onVisibility);
      events?.close();
      poller.stop();
    };
  }, [userId]);
}

function sameCounts(a: LiveCounts, b: LiveCounts) {
  return (
    a.messages.total === b.messages.total &&
    a.messages.new === b.messages.new &&
    a.messages.system === b.messages.system &&
    a.advertisements.active === b.advertisements.active &&
    a.advertisements.started === b.advertisements.started &&
    a.advertisements.total === b.advertisements.total
  );
}
