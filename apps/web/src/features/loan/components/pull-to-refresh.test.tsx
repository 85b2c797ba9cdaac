import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeDelayMs, PullToRefresh, pulledHeight, threshold } from './pull-to-refresh';

const texts = { pullingText: 'Desliza', canReleaseText: 'Suelta', refreshingText: 'Actualizando', completeText: 'Listo' };

function renderPull(onRefresh: () => Promise<unknown>) {
  render(
    <PullToRefresh onRefresh={onRefresh} {...texts}>
      <p>contenido</p>
    </PullToRefresh>,
  );
  const content = screen.getByText('contenido');
  const head = document.querySelector<HTMLElement>('.presta-pull-to-refresh-head')!;
  return { content, head };
}

const at = (clientY: number) => ({ touches: [{ clientY }] });

/** A finger put on `target`, moved down `distance` px, lifted. Returns the move event (was it cancelled?). */
function pull(target: Element, distance: number, { lift = true } = {}) {
  fireEvent.touchStart(target, at(100));
  const move = new TouchEvent('touchmove', { bubbles: true, cancelable: true });
  Object.defineProperty(move, 'touches', { value: [{ clientY: 100 + distance }] });
  act(() => void target.dispatchEvent(move));
  if (lift) fireEvent.touchEnd(target);
  return move;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  window.scrollY = 0;
});

describe('PullToRefresh', () => {
  it('follows the finger with a rubber band: about 170 px of movement reach the threshold', () => {
    expect(pulledHeight(0)).toBe(0);
    expect(pulledHeight(-30)).toBe(0);
    expect(pulledHeight(100)).toBeLessThan(threshold);
    expect(pulledHeight(160)).toBeLessThanOrEqual(threshold);
    expect(pulledHeight(180)).toBeGreaterThan(threshold);
    expect(pulledHeight(2000)).toBeLessThan(200);
  });

  it('says "pull" and then "release" while pulled, and holds the browser\'s own scroll', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { content, head } = renderPull(onRefresh);
    expect(head.style.height).toBe('0px');
    expect(head.textContent).toBe('');

    const short = pull(content, 80, { lift: false });
    expect(short.defaultPrevented).toBe(true);
    expect(head.textContent).toBe('Desliza');
    expect(parseInt(head.style.height, 10)).toBe(pulledHeight(80));

    const far = new TouchEvent('touchmove', { bubbles: true, cancelable: true });
    Object.defineProperty(far, 'touches', { value: [{ clientY: 300 }] });
    act(() => void content.dispatchEvent(far));
    expect(head.textContent).toBe('Suelta');
  });

  it('a short pull released closes without refreshing', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { content, head } = renderPull(onRefresh);
    pull(content, 80);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head.style.height).toBe('0px');
  });

  it('a far pull refreshes: "refreshing" until onRefresh settles, "complete" for half a second, then closed', async () => {
    let settle!: () => void;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const { content, head } = renderPull(onRefresh);
    pull(content, 250);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(head.textContent).toBe('Actualizando');
    expect(head.style.height).toBe('40px');

    // Another pull while it refreshes does nothing.
    pull(content, 250);
    expect(onRefresh).toHaveBeenCalledTimes(1);

    settle();
    await act(() => Promise.resolve());
    expect(head.textContent).toBe('Listo');
    act(() => {
      vi.advanceTimersByTime(completeDelayMs);
    });
    expect(head.style.height).toBe('0px');
    expect(head.textContent).toBe('');
  });

  it('closes when the refresh fails', async () => {
    const { content, head } = renderPull(() => Promise.reject(new Error('offline')));
    pull(content, 250);
    await act(() => Promise.resolve());
    expect(head.style.height).toBe('0px');
  });

  it('a pull up, or a pull down with the page scrolled, is the page\'s own scroll', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { content, head } = renderPull(onRefresh);
    const up = pull(content, -120);
    expect(up.defaultPrevented).toBe(false);
    expect(head.style.height).toBe('0px');

    window.scrollY = 300;
    const down = pull(content, 250);
    expect(down.defaultPrevented).toBe(false);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head.style.height).toBe('0px');
  });
});
