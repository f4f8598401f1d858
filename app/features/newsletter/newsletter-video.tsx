import { useEffect, useRef, useState } from "react";

/**
 * The background clips (public/media): a wide one (640x270) from the tablet breakpoint, a tall one
 * (360x480) below; 12 s seamless loops of drifting amber light, generated with ffmpeg's geq filter
 * (periodic in time, so the loop has no seam), 25-50 kB each.
 */
export const NEWSLETTER_VIDEOS = {
  wide: {
    webm: "/media/newsletter-wide.webm",
    mp4: "/media/newsletter-wide.mp4",
  },
  tall: {
    webm: "/media/newsletter-tall.webm",
    mp4: "/media/newsletter-tall.mp4",
  },
} as const;

/** The drifting light behind the text when there is no video (before it loads, reduced motion, save-data, errors). */
const FALLBACK_CSS = `
@keyframes rarita-newsletter-drift {
  0% { transform: translate3d(-6%, -4%, 0) scale(1); }
  50% { transform: translate3d(6%, 5%, 0) scale(1.12); }
  100% { transform: translate3d(-6%, -4%, 0) scale(1); }
}
.rarita-newsletter-glow {
  background:
    radial-gradient(38% 60% at 28% 55%, rgb(195 154 63 / 0.55), transparent 70%),
    radial-gradient(30% 55% at 74% 40%, rgb(254 190 152 / 0.30), transparent 70%),
    radial-gradient(25% 45% at 52% 85%, rgb(94 140 150 / 0.35), transparent 70%),
    #10292c;
  animation: rarita-newsletter-drift 24s ease-in-out infinite;
}
@media (prefers-reduced-motion: reduce) {
  .rarita-newsletter-glow { animation: none; }
}
`;

function prefersStill(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches || connection?.saveData === true;
}

/**
 * The newsletter block's background video (docs/product/screens.md, "Parts of every page"): a
 * muted, looping clip of slowly drifting warm light, decorative only. It is requested when the
 * block comes near the viewport, never for visitors who prefer reduced motion or save data;
 * underneath, a CSS glow keeps the block looking right without any video.
 */
export function NewsletterVideo() {
  const ref = useRef<HTMLDivElement>(null);
  const [play, setPlay] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersStill()) return;
    if (typeof IntersectionObserver === "undefined") {
      setPlay(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPlay(true);
          observer.disconnect();
        }
      },
      { rootMargin: "300px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden">
      <style href="rarita-newsletter-glow" precedence="default">
        {FALLBACK_CSS}
      </style>
      <div className="rarita-newsletter-glow absolute -inset-[10%]" />
      {play && !failed ? (
        <video
          autoPlay
          muted
          loop
          playsInline
          disablePictureInPicture
          preload="auto"
          tabIndex={-1}
          data-testid="newsletter-video"
          className="absolute inset-0 size-full object-cover opacity-80"
        >
          <source media="(min-width: 768px)" src={NEWSLETTER_VIDEOS.wide.webm} type="video/webm" />
          <source media="(min-width: 768px)" src={NEWSLETTER_VIDEOS.wide.mp4} type="video/mp4" />
          <source src={NEWSLETTER_VIDEOS.tall.webm} type="video/webm" />
          {/* The last source failing means none could play: only the glow stays. */}
          <source src={NEWSLETTER_VIDEOS.tall.mp4} type="video/mp4" onError={() => setFailed(true)} />
        </video>
      ) : null}
      <div className="absolute inset-0 bg-gradient-to-b from-[#10292c]/70 via-[#10292c]/55 to-[#10292c]/85 desktop:bg-gradient-to-r desktop:from-[#10292c]/90 desktop:via-[#10292c]/60 desktop:to-[#10292c]/45" />
    </div>
  );
}
