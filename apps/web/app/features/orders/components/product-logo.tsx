import ImageOff from 'lucide-react/icons/image-off';
import { useState } from 'react';

/** A bought product's logo, or a placeholder when it has none or it fails to load. */
export function ProductLogo({ src, size = 48 }: { src: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="grid shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600"
      >
        <ImageOff className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className="shrink-0 rounded-xl object-cover ring-1 ring-ink-900/5"
    />
  );
}
