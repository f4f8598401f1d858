/** Where uploaded avatars are served (server/http/app.ts serves DATA_DIR/uploads under /uploads). */
export function avatarUrl(fileName: string): string {
  return `/uploads/avatars/${encodeURIComponent(fileName)}`;
}

/** Focus ring for controls on the dark header bar (gold keeps 3:1 against the teal). */
export const FOCUS_ON_DARK =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary";
/** Focus ring for controls on light panels. */
export const FOCUS_ON_LIGHT =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/** A round icon button on the dark bar. */
export const BAR_ICON_BUTTON = `relative inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white/90 transition-colors hover:bg-white/10 hover:text-white ${FOCUS_ON_DARK}`;
