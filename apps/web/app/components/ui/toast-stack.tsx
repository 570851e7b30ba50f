import {
  TOAST_MAX_WIDTH_PX,
  TOAST_MIN_WIDTH_PX,
  TOAST_STACK_GAP_PX,
  TOAST_STACK_OFFSET_PX,
} from '@everdeal/contracts/constants';
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import Info from 'lucide-react/icons/info';
import Sparkles from 'lucide-react/icons/sparkles';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import X from 'lucide-react/icons/x';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_PLACEMENTS, type ToastItem, type ToastPlacement, type ToastType, toast } from './toast-store';

const typeStyles: Record<ToastType, { icon: LucideIcon; iconClass: string; barClass: string }> = {
  success: { icon: CircleCheck, iconClass: 'bg-emerald-50 text-emerald-600', barClass: 'bg-emerald-500' },
  warning: { icon: TriangleAlert, iconClass: 'bg-amber-50 text-amber-600', barClass: 'bg-amber-500' },
  info: { icon: Info, iconClass: 'bg-sky-50 text-sky-600', barClass: 'bg-sky-500' },
  error: { icon: CircleAlert, iconClass: 'bg-red-50 text-red-600', barClass: 'bg-red-500' },
  primary: { icon: Sparkles, iconClass: 'bg-brand-50 text-brand-600', barClass: 'bg-brand-500' },
};

const isTop = (placement: ToastPlacement) => placement.startsWith('top');

/** Room between two stacked toasts: 76 px from one top to the next for a 60 px toast (requirements §9). */
const TOAST_SPACING_PX = TOAST_STACK_GAP_PX - 60;

/**
 * Where each toast of one placement sits: the first 20 px from its edge, then 76 px apart
 * (requirements §9), or further when a long message wrapped and the one before is taller.
 */
function stackOffsets(stack: readonly ToastItem[], heights: ReadonlyMap<string, number>): number[] {
  const offsets: number[] = [];
  let offset = TOAST_STACK_OFFSET_PX;
  for (const item of stack) {
    offsets.push(offset);
    offset += Math.max(TOAST_STACK_GAP_PX, (heights.get(item.id) ?? 0) + TOAST_SPACING_PX);
  }
  return offsets;
}

function positionStyle(placement: ToastPlacement, offset: number): CSSProperties {
  const style: CSSProperties = isTop(placement) ? { top: offset } : { bottom: offset };
  if (placement.endsWith('left')) style.left = TOAST_STACK_OFFSET_PX;
  else if (placement.endsWith('right')) style.right = TOAST_STACK_OFFSET_PX;
  else style.left = '50%';
  return style;
}

const widthStyle: CSSProperties = {
  // 300 to 500 px (requirements §9), never wider than a small phone's screen.
  minWidth: `min(${TOAST_MIN_WIDTH_PX}px, calc(100vw - ${2 * TOAST_STACK_OFFSET_PX}px))`,
  maxWidth: `min(${TOAST_MAX_WIDTH_PX}px, calc(100vw - ${2 * TOAST_STACK_OFFSET_PX}px))`,
};

interface ToastCardProps {
  item: ToastItem;
  /** Distance from the placement's edge, px. */
  offset: number;
  /** Tells the stack the card's height (0 once it leaves), so a wrapped message pushes the next toast further. */
  onMeasure: (id: string, height: number) => void;
}

function ToastCard({ item, offset, onMeasure }: ToastCardProps) {
  const { icon: Icon, iconClass, barClass } = typeStyles[item.type];
  const [isVisible, setIsVisible] = useState(false);
  const [isPaused, setIsPaused] = useState(false);
  const remainingRef = useRef(item.duration);
  const startedAtRef = useRef(0);
  const hasTimer = Number.isFinite(item.duration) && item.duration > 0;

  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsVisible(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // Re-showing a toast with the same id restarts its clock.
  // biome-ignore lint/correctness/useExhaustiveDependencies: createdAt is the restart signal
  useEffect(() => {
    remainingRef.current = item.duration;
  }, [item.createdAt, item.duration]);

  // The clock runs only while the pointer or focus is elsewhere; pausing keeps what is left.
  // biome-ignore lint/correctness/useExhaustiveDependencies: createdAt restarts the clock
  useEffect(() => {
    if (!hasTimer || isPaused) return;
    startedAtRef.current = Date.now();
    const timer = setTimeout(() => toast.dismiss(item.id), remainingRef.current);
    return () => {
      clearTimeout(timer);
      remainingRef.current = Math.max(0, remainingRef.current - (Date.now() - startedAtRef.current));
    };
  }, [hasTimer, isPaused, item.id, item.createdAt]);

  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const card = cardRef.current;
    if (!card || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onMeasure(item.id, card.offsetHeight));
    observer.observe(card);
    return () => {
      observer.disconnect();
      onMeasure(item.id, 0);
    };
  }, [item.id, onMeasure]);

  const pause = useCallback(() => setIsPaused(true), []);
  const resume = useCallback(() => setIsPaused(false), []);
  const centred = item.placement === 'top' || item.placement === 'bottom';
  const hiddenShift = isTop(item.placement) ? '-translate-y-3' : 'translate-y-3';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer (a live region, not a control)
    <div
      role={item.type === 'error' ? 'alert' : 'status'}
      aria-live={item.type === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-type={item.type}
      data-placement={item.placement}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      style={{ ...positionStyle(item.placement, offset), ...widthStyle }}
      className={clsx(
        'toast pointer-events-auto absolute w-max',
        'transition-[top,bottom,opacity,translate] duration-200 ease-out motion-reduce:transition-none',
        centred && '-translate-x-1/2',
      )}
    >
      <div
        ref={cardRef}
        className={clsx(
          'relative flex min-h-[60px] items-center gap-3 overflow-hidden rounded-2xl border border-ink-900/[0.08] bg-white py-2.5 pr-2 pl-3 shadow-pop',
          'transition-[opacity,translate] duration-200 ease-out motion-reduce:transition-none',
          isVisible ? 'translate-y-0 opacity-100' : clsx(hiddenShift, 'opacity-0'),
        )}
      >
        <span className={clsx('grid size-9 shrink-0 place-items-center rounded-full', iconClass)}>
          <Icon aria-hidden="true" className="size-5" strokeWidth={2.25} />
        </span>
        {/* The whole message, wrapped (requirements §2 "Toasts": a clamp once cut long ones off mid-sentence). */}
        <p className="min-w-0 flex-1 break-words font-medium text-ink-900 text-sm leading-snug">{item.message}</p>
        <button
          type="button"
          aria-label="Dismiss notification"
          onClick={() => toast.dismiss(item.id)}
          className="grid size-8 shrink-0 place-items-center rounded-full text-ink-500 transition-colors hover:bg-ink-900/5 hover:text-ink-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
        {hasTimer ? (
          <span
            aria-hidden="true"
            key={item.createdAt}
            className={clsx('absolute bottom-0 left-0 h-0.5 w-full origin-left opacity-60', barClass)}
            style={{
              animation: `toast-countdown ${item.duration}ms linear forwards`,
              animationPlayState: isPaused ? 'paused' : 'running',
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * Every toast of the store, one fixed stack per placement. The newest toast sits at the edge and
 * pushes older ones inward.
 */
export function ToastStack({ items }: { items: readonly ToastItem[] }) {
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  const onMeasure = useCallback((id: string, height: number) => {
    setHeights((current) => {
      if (current.get(id) === height || (height === 0 && !current.has(id))) return current;
      const next = new Map(current);
      // 0: the toast left, its height is forgotten.
      if (height === 0) next.delete(id);
      else next.set(id, height);
      return next;
    });
  }, []);
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed inset-0 z-[100]">
      {TOAST_PLACEMENTS.map((placement) => {
        const stack = items.filter((t) => t.placement === placement).reverse();
        const offsets = stackOffsets(stack, heights);
        return stack.map((item, index) => (
          <ToastCard key={item.id} item={item} offset={offsets[index] ?? TOAST_STACK_OFFSET_PX} onMeasure={onMeasure} />
        ));
      })}
    </section>
  );
}
