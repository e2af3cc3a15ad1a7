import { useEffect, useRef, useState } from 'react';

/**
 * An image that disappears when it fails to load (spec: menu cards), instead of a broken icon.
 * A server-rendered image can fail before React hydrates and attaches onError, so the mount
 * effect also checks whether the browser already gave up on it.
 *
 * Sized (`width`/`height` reserve its box, so nothing jumps when it arrives) and lazy by default;
 * `eager` for the first image above the fold, which the browser then fetches first (the page's
 * largest paint must not wait for a lazy image).
 */
export function OptionalImage({
  src,
  className,
  width,
  height,
  eager = false,
}: {
  src: string | null;
  className: string;
  width: number;
  height: number;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (!src || failed) return null;
  return (
    <img
      ref={ref}
      className={className}
      src={src}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
