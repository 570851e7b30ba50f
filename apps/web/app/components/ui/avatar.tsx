import { clsx } from 'clsx';
import { useState } from 'react';
import { avatarColor, avatarInitials } from './avatar-fallback';

export interface AvatarProps {
  /** The person's display name: initials and colour come from it. */
  name: string;
  /** Image URL; when missing or broken, initials are shown. */
  src?: string | null;
  /** Diameter in px; requirements §3 default 56. */
  size?: number;
  className?: string;
}

/**
 * A round avatar (requirements §3). It is decorative: the control around it carries the accessible
 * name ("Your account"), so the image has an empty alt and the initials are CSS content.
 */
export function Avatar({ name, src, size = 56, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, backgroundColor: showImage ? undefined : avatarColor(name) }}
      className={clsx(
        'inline-grid shrink-0 select-none place-items-center overflow-hidden rounded-full bg-canvas font-semibold text-white',
        className,
      )}
    >
      {showImage && src ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        // The initials are drawn by CSS, not written in the page: the control around the avatar
        // is named "Your account", and text inside it that is not in that name fails "label in
        // name" (WCAG 2.5.3) for speech input, even hidden from screen readers.
        <span
          data-initials={avatarInitials(name)}
          style={{ fontSize: Math.max(10, Math.round(size * 0.38)) }}
          className="leading-none tracking-tight before:content-[attr(data-initials)]"
        />
      )}
    </span>
  );
}
