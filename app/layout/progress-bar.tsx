import { useEffect } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { installChunkReloadListeners } from "#app/lib/chunk-reload.ts";
import {
  finishProgress,
  PROGRESS,
  startProgress,
  trackFetchProgress,
  useProgress,
} from "../ui/feedback/progress-store.ts";

/**
 * The page-loading bar at the very top (docs/product/screens.md, "Design constants"), shown during
 * route changes (useNavigation), fetcher submissions and the site's own fetches. It is rendered by
 * both layouts, so it also installs the once-per-page listeners: the fetch tracking and the reload
 * after a chunk-load failure (app/lib/chunk-reload.ts).
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const { visible, percent, failed } = useProgress();

  useEffect(() => {
    trackFetchProgress();
    return installChunkReloadListeners();
  }, []);

  useEffect(() => {
    if (!busy) return;
    startProgress();
    return finishProgress;
  }, [busy]);

  return (
    <div
      aria-hidden={!visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-[1000]"
      style={{ height: PROGRESS.height }}
    >
      {visible ? (
        <div
          role="progressbar"
          aria-label={t("common.loading")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          data-testid="progress-bar"
          data-failed={failed || undefined}
          className="h-full transition-[width,background-color] duration-100 ease-linear"
          style={{
            width: `${Math.min(100, percent)}%`,
            backgroundColor: failed ? PROGRESS.failedColor : PROGRESS.color,
          }}
        />
      ) : null}
    </div>
  );
}
