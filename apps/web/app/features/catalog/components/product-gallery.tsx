import { clsx } from 'clsx';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { type KeyboardEvent, useRef, useState } from 'react';

export interface GalleryImage {
  url: string;
  alt: string;
  /** The picture's small copy for the row of thumbnails, when the store made one. */
  thumbUrl?: string | undefined;
}

export interface ProductGalleryProps {
  images: GalleryImage[];
  productName: string;
}

/**
 * A main image with a row of thumbnail buttons. Thumbnails are real buttons (Tab, Enter, Space)
 * and the arrow keys move between them, like a toolbar. Each shows the picture's small copy when
 * it has one (240 × 150, about 3 KB), not the whole picture.
 */
export function ProductGallery({ images, productName }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  if (images.length === 0) return null;
  const current = images[Math.min(selected, images.length - 1)] ?? images[0];
  if (!current) return null;
  const count = images.length;

  function show(index: number, focus = false) {
    const next = (index + count) % count;
    setSelected(next);
    if (focus) thumbs.current[next]?.focus();
  }

  function onThumbKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target, true);
  }

  return (
    <section aria-label={`${productName} screenshots`} className="space-y-3">
      <div className="group relative overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-ink-900/5">
        <img
          src={current.url}
          alt={current.alt || `${productName} screenshot ${selected + 1}`}
          width={1200}
          height={750}
          fetchPriority="high"
          className="aspect-[16/10] w-full bg-canvas object-contain"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(selected - 1)}
              aria-label="Previous image"
              className="absolute top-1/2 left-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink-900 shadow-card transition hover:bg-white"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => show(selected + 1)}
              aria-label="Next image"
              className="absolute top-1/2 right-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink-900 shadow-card transition hover:bg-white"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <p className="absolute right-3 bottom-3 rounded-full bg-ink-900/75 px-2.5 py-0.5 text-xs font-medium text-white tabular-nums">
              {selected + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose an image">
          {images.map((image, index) => (
            <li key={image.url} className="shrink-0">
              <button
                ref={(node) => {
                  thumbs.current[index] = node;
                }}
                type="button"
                onClick={() => show(index)}
                onKeyDown={(event) => onThumbKeyDown(event, index)}
                aria-label={`Show image ${index + 1} of ${count}: ${image.alt}`}
                aria-pressed={index === selected}
                className={clsx(
                  'block overflow-hidden rounded-lg ring-2 transition',
                  index === selected ? 'ring-brand-600' : 'ring-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img
                  src={image.thumbUrl ?? image.url}
                  alt=""
                  width={120}
                  height={75}
                  loading="lazy"
                  className="h-14 w-22 object-cover sm:h-16 sm:w-26"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
