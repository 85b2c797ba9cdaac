import { act, render, screen } from '@testing-library/react';
import { Link } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '@/app/app-layout';
import { lastNavigationKind, useAddressHash, useAddressSearch } from '@/shared/router/address';

function Address() {
  return <p data-testid="address">{`${useAddressSearch()}|${useAddressHash()}`}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the address beyond the path', () => {
  it('reads the query string and the fragment as the browser holds them, again after each navigation', () => {
    window.history.replaceState(null, '', '/main?note=100%25off&language=1#offers');
    render(<Address />);
    expect(screen.getByTestId('address').textContent).toBe('?note=100%25off&language=1|#offers');
    act(() => window.history.pushState(null, '', '/main?language=2'));
    expect(screen.getByTestId('address').textContent).toBe('?language=2|');
  });

  it('knows how the address last changed: a push, a replacement, back or forward', () => {
    window.history.pushState(null, '', '/a');
    expect(lastNavigationKind()).toBe('push');
    window.history.replaceState(null, '', '/b');
    expect(lastNavigationKind()).toBe('replace');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(lastNavigationKind()).toBe('pop');
  });
});

describe('AppLayout scrolling', () => {
  it('starts a page opened by a link at the top; back and the first page keep the scroll', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    window.history.replaceState(null, '', '/one');
    render(
      <AppLayout>
        <Link to="/two">two</Link>
      </AppLayout>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => screen.getByText('two').click());
    expect(window.location.pathname).toBe('/two');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => {
      window.history.replaceState(null, '', '/one');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
