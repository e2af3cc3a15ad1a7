import { useEffect, useRef, useState } from 'react';

/**
 * An image that disappears when it fails to load (spec: menu cards), instead of a broken icon.
 * A server-rendered image can fail before React hydrates and attaches onError, so the mount
 * effect also checks whether the browser already gave up on it.
 */
export function OptionalImage({ src, className }: { src: string | null; className: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (!src || failed) return null;
  return <img ref={ref} className={className} src={src} alt="" loading="lazy" onError={() => setFailed(true)} />;
}
