import { type ComponentType, memo, Suspense, use, useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import type { LazyPart } from "../ui/lazy-part.tsx";

type Gate = {
  open: () => void;
  loaded: Promise<ComponentType<Record<string, never>>>;
  /** Resolves once the part is hydrated (its first effect ran). */
  hydrated: Promise<void>;
  markHydrated: () => void;
};

const gates = new WeakMap<LazyPart<Record<string, never>>, Gate>();

/** The part's gate: `loaded` starts loading the part only once `open()` was called. */
function gateOf(part: LazyPart<Record<string, never>>): Gate {
  let gate = gates.get(part);
  if (!gate) {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    let markHydrated = () => {};
    const hydrated = new Promise<void>((resolve) => {
      markHydrated = resolve;
    });
    gate = { open, loaded: opened.then(() => part.preload()) as Gate["loaded"], hydrated, markHydrated };
    gates.set(part, gate);
  }
  return gate;
}

/** The part itself, or (in the browser, until its gate opens and it has loaded) a suspension. */
function GatedPart({ part }: { part: LazyPart<Record<string, never>> }) {
  const gate = gateOf(part);
  const Component = part.ready() ?? use(gate.loaded);
  useEffect(() => gate.markHydrated(), [gate]);
  return <Component />;
}

/**
 * What reaches the part before it is hydrated. React's own listener (on the document) stops these
 * events for a dehydrated boundary, so they are heard on the window, before it: the pointer, a
 * touch or the focus start the load; what was typed is told to React once the part is hydrated,
 * and a form sent is held and sent again then (otherwise the browser would post it as a plain
 * form, a page load).
 */
const EARLY_EVENTS = ["pointerover", "focusin", "touchstart", "input", "submit"] as const;

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Tells React of a value typed before hydration: hydration keeps the typed text on screen but
 * not in the state. The value goes through React's own setter (so React believes the field held
 * another one), back through the element's, then an input event: React sees a change.
 */
function replayTyping(field: Field) {
  const typed = field.value;
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = typed === "" ? " " : "";
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

function listenEarly(element: HTMLElement, gate: Gate): () => void {
  let hydrated = false;
  const typedIn = new Set<Field>();
  let sent: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  void gate.hydrated.then(() => {
    hydrated = true;
    for (const field of typedIn) replayTyping(field);
    // After React has rendered what was typed (a task later), the form is sent as it was. A
    // message's task, not a timer's: a page whose timers stand still (a test's fake clock) still
    // sends it.
    const held = sent;
    if (!held) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      held.form.requestSubmit(held.submitter);
    };
    channel.port2.postMessage(null);
  });
  const onEvent = (event: Event) => {
    const target = event.target;
    if (hydrated || !(target instanceof Node) || !element.contains(target)) return;
    gate.open();
    if (
      event.type === "input" &&
      (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
    )
      typedIn.add(target);
    if (event.type !== "submit" || !(target instanceof HTMLFormElement)) return;
    event.preventDefault();
    sent = { form: target, submitter: (event as SubmitEvent).submitter };
  };
  for (const type of EARLY_EVENTS) window.addEventListener(type, onEvent, { capture: true });
  return () => {
    for (const type of EARLY_EVENTS) window.removeEventListener(type, onEvent, { capture: true });
  };
}

/** The framework's router (React Router's HydratedRouter keeps it on the window). */
function routerOf(window: Window): { subscribe: (listener: () => void) => () => void } | undefined {
  return (window as { __reactRouterDataRouter?: { subscribe: (listener: () => void) => () => void } })
    .__reactRouterDataRouter;
}

/** How far below (or above) the viewport the part starts loading: about two phone screens. */
const NEAR = "1200px 0px";

/**
 * A part of the page that the server draws and the browser hydrates only when it is needed
 * (issue 18, ADR 0055): when it comes near the viewport, when the pointer, a touch or the focus
 * reaches it, or when anything it could depend on changes (the first router update: a navigation,
 * a revalidation, a fetcher). Until then its code is not even downloaded, and its HTML stays the
 * server's, in a Suspense boundary React keeps dehydrated.
 *
 * Why the router update opens it: React cannot render an update into a dehydrated boundary; a
 * transition that reaches one waits until it can hydrate (and any other update would throw the
 * server's HTML away). Every router update reaches it (the router's contexts are above it), so
 * the first one starts the load and waits for that one chunk, once per page load.
 *
 * The part takes no props (it reads what it needs from the router's data) and this component is
 * memoised, so a re-render of the parent does not reach the boundary. Mounted in the browser after
 * the first render (a client-side change of layout) it loads at once, with nothing drawn meanwhile.
 */
export const DeferredPart = memo(function DeferredPart({
  part,
  name,
}: {
  part: LazyPart<Record<string, never>>;
  /** Names the wrapper (`data-deferred`), so the browser finds the server's HTML of it. */
  name: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const [first] = useState(() => ({
    routerState,
    // Hydrating: the server's HTML of the part is in the document already.
    hydrating:
      typeof document !== "undefined" && document.querySelector(`[data-deferred="${name}"]`) !== null,
  }));
  const gate = gateOf(part);
  if (typeof document !== "undefined" && (!first.hydrating || routerState !== first.routerState)) gate.open();

  useEffect(() => {
    const element = ref.current;
    if (!element || part.ready()) return;
    const open = () => gate.open();
    const stopEarly = listenEarly(element, gate);
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), {
            rootMargin: NEAR,
          });
    if (observer) observer.observe(element);
    else open();
    // A navigation starts loading the part at once, beside the route's modules and data, rather
    // than when its first update reaches the boundary (the render check above stays the rule).
    const stopListening = routerOf(window)?.subscribe(open);
    return () => {
      stopListening?.();
      observer?.disconnect();
      stopEarly();
    };
  }, [part, gate]);

  return (
    <div ref={ref} data-deferred={name}>
      <Suspense fallback={null}>
        <GatedPart part={part} />
      </Suspense>
    </div>
  );
});
