import { useEffect, useRef, useState, type ReactNode } from 'react';
import './pull-to-refresh.css';

/** Where a pull stands: pulling (not far enough), canRelease, refreshing (onRefresh runs), complete (shown a moment). */
export type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

export type PullToRefreshProps = {
  /** Runs when a pull far enough is released; the head shows "refreshing" until it settles. */
  onRefresh: () => Promise<unknown>;
  pullingText: string;
  canReleaseText: string;
  refreshingText: string;
  completeText: string;
  children: ReactNode;
};

/** The head's height while refreshing (px), and how far it must be pulled to refresh. */
export const headHeight = 40;
export const threshold = 60;
/** How long "complete" shows before the head closes (ms). */
export const completeDelayMs = 500;

/**
 * The head's height for a finger moved `distance` px down: it follows the
 * finger less and less (antd-mobile's rubber band, dimension 200, constant
 * 0.5), so `threshold` needs about 170 px of movement.
 */
export function pulledHeight(distance: number): number {
  if (distance <= 0) return 0;
  const dimension = headHeight * 5;
  const constant = 0.5;
  return Math.ceil((distance * dimension * constant) / (dimension + constant * distance));
}

/** Whether the element, or any box that scrolls it, window included, is scrolled down. */
function scrolledDown(element: Element): boolean {
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
    if (node.scrollTop > 0) return true;
  }
  return window.scrollY > 0 || (document.scrollingElement?.scrollTop ?? 0) > 0;
}

/** What a followed pull changes on the page, and the refresh it starts. */
type PullView = {
  show: (status: PullStatus, height: number) => void;
  drag: (dragging: boolean) => void;
  refresh: () => Promise<unknown>;
};

/**
 * Follows the touch gestures on `root`: a pull down from the page's top moves
 * the head; released far enough, it refreshes ("refreshing", then "complete"
 * a moment). Returns the function that stops following.
 */
function followPulls(root: HTMLElement, view: PullView): () => void {
  let startY: number | null = null;
  let pulling = false;
  let busy = false;
  let current: PullStatus = 'pulling';
  let live = true;
  const show = (next: PullStatus, nextHeight: number) => {
    current = next;
    view.show(next, nextHeight);
  };
  const close = () => {
    busy = false;
    if (live) show('pulling', 0);
  };

  const onStart = (event: TouchEvent) => {
    if (busy || event.touches.length !== 1) return;
    startY = event.touches[0]!.clientY;
    pulling = false;
  };
  const onMove = (event: TouchEvent) => {
    if (busy || startY === null) return;
    const distance = event.touches[0]!.clientY - startY;
    if (!pulling) {
      // Only a pull down that starts with the page at its top; anything else is the page's own scroll.
      if (distance <= 0 || (event.target instanceof Element && scrolledDown(event.target))) {
        startY = null;
        return;
      }
      pulling = true;
      view.drag(true);
    }
    if (event.cancelable) event.preventDefault();
    const next = pulledHeight(distance);
    show(next > threshold ? 'canRelease' : 'pulling', next);
  };
  const onEnd = () => {
    if (busy || !pulling) return;
    startY = null;
    pulling = false;
    view.drag(false);
    if (current !== 'canRelease') {
      show('pulling', 0);
      return;
    }
    busy = true;
    show('refreshing', headHeight);
    view.refresh().then(() => {
      if (!live) return;
      show('complete', headHeight);
      setTimeout(close, completeDelayMs);
    }, close);
  };

  // Not passive: a pull from the top must not also scroll or pull the browser's own page.
  root.addEventListener('touchstart', onStart, { passive: true });
  root.addEventListener('touchmove', onMove, { passive: false });
  root.addEventListener('touchend', onEnd);
  root.addEventListener('touchcancel', onEnd);
  return () => {
    live = false;
    root.removeEventListener('touchstart', onStart);
    root.removeEventListener('touchmove', onMove);
    root.removeEventListener('touchend', onEnd);
    root.removeEventListener('touchcancel', onEnd);
  };
}

/**
 * Pull down at the top of the page to refresh it: a touch gesture (the app's
 * web view and mobile browsers), with plain touch events instead of
 * antd-mobile's PullToRefresh, whose spring and gesture libraries were 27 KB
 * of the page's first load (decision 020). The head and its texts look and
 * behave as antd-mobile's: it follows the finger with a rubber band, says
 * when releasing will refresh, shows "refreshing" until `onRefresh` settles
 * and "complete" for half a second. The page refreshes itself in other ways
 * too (its polling, the tab coming back), so a keyboard or screen reader
 * user loses nothing.
 */
export function PullToRefresh({ onRefresh, pullingText, canReleaseText, refreshingText, completeText, children }: PullToRefreshProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const [status, setStatus] = useState<PullStatus>('pulling');
  const [dragging, setDragging] = useState(false);
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const show = (next: PullStatus, nextHeight: number) => {
      setStatus(next);
      setHeight(nextHeight);
    };
    return followPulls(root, { show, drag: setDragging, refresh: () => refreshRef.current() });
  }, []);

  const text = { pulling: pullingText, canRelease: canReleaseText, refreshing: refreshingText, complete: completeText }[status];
  return (
    <div ref={rootRef} className="presta-pull-to-refresh">
      <div className={`presta-pull-to-refresh-head${dragging ? '' : ' presta-pull-to-refresh-settling'}`} style={{ height }} aria-hidden={height === 0}>
        <div className="presta-pull-to-refresh-head-content" style={{ height: headHeight }}>
          {height > 0 ? text : null}
        </div>
      </div>
      <div className="presta-pull-to-refresh-content">{children}</div>
    </div>
  );
}
