import { useEffect, useReducer, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { routes } from '@presta/contract/routes';
import { AppLayout } from '@/app/app-layout';
import { routeModules, routeVariants } from '@/app/route-modules';
import { useAddressSearch } from '@/shared/router/address';
import { pageSearch } from '@/shared/session/page-address';
import { PageLoading } from '@/shared/ui/page-loading';

type PageModule = { default: ComponentType };

/** Every page module, each its own chunk, by path (`/src/…-page.tsx`). */
const pageLoaders = import.meta.glob<PageModule>(['/src/features/**/*-page.tsx', '!**/*.test.tsx']);

/** The loader of a page module of route-modules.ts. */
export function pageLoader(module: string): () => Promise<PageModule> {
  const load = pageLoaders[`/${module}`];
  if (!load) throw new Error(`route-modules.ts names ${module}, which is not a page module`);
  return load;
}

export type LazyPage = {
  /** Renders the page, or PageLoading until its chunk has loaded; throws (to RouteErrorBoundary) when it cannot load. */
  Page: ComponentType;
  /** Loads the page's chunk (once) for the address's query (the page's by default); rejects when it cannot load. */
  preload: (search?: string) => Promise<void>;
};

/** A page whose code is its own chunk, loaded on first visit (or before the first render, see preloadPage). */
function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Page() {
    const [, loaded] = useReducer(() => true, Loaded !== undefined);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (Loaded) return;
      let current = true;
      preload().then(
        () => current && loaded(),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, []);
    if (failure) throw failure.error;
    return Loaded ? <Loaded /> : <PageLoading />;
  }
  return { Page, preload };
}

const lazyPages = new Map<string, LazyPage>();

function lazyPageOf(module: string): LazyPage {
  let page = lazyPages.get(module);
  if (!page) lazyPages.set(module, (page = lazyPage(pageLoader(module))));
  return page;
}

/**
 * A route's page that depends on its query (route-modules.ts routeVariants):
 * `variant` when the address lacks `param`, else `page`.
 */
function queryPage(page: LazyPage, variant: LazyPage, param: string): LazyPage {
  const lacksParam = (search: string) => !new URLSearchParams(search).get(param);
  function Page() {
    const search = useAddressSearch();
    return lacksParam(search) ? <variant.Page /> : <page.Page />;
  }
  const preload = (search = pageSearch()) => (lacksParam(search) ? variant.preload() : page.preload());
  return { Page, preload };
}

export type AppRoute = { path: string; page: LazyPage };

/**
 * The app's routes, from route-modules.ts. Only pages that exist are
 * registered; repayment, complaints, the marketing site and the promotion
 * funnel come with their own issues.
 */
export const appRoutes: AppRoute[] = routeModules.map(({ route, module }) => {
  const page = lazyPageOf(module);
  const variant = routeVariants.find((v) => v.route === route);
  if (!variant) return { path: route === '*' ? '*' : routes[route], page };
  return { path: routes[variant.route], page: queryPage(page, lazyPageOf(variant.module), variant.withoutParam) };
});

/**
 * Loads the code of the page at `pathname` (its chunk is usually preloaded with
 * the HTML), so the first render shows the page instead of PageLoading.
 * Never rejects: a page that cannot load shows RouteError when it renders.
 */
export function preloadPage(pathname: string, search?: string): Promise<void> {
  return routeAt(pathname).page.preload(search).catch(() => {});
}

/** A path as routes are matched: without the trailing slashes, in lower case (`/Main/` is `/main`). */
const matchKey = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

const routeByPath = new Map(appRoutes.filter((r) => r.path !== '*').map((r) => [matchKey(r.path), r]));
const otherRoute = appRoutes.find((r) => r.path === '*')!;

/** The route of a path: every route is a fixed path (no parameters), '*' any other. */
export function routeAt(pathname: string): AppRoute {
  return routeByPath.get(matchKey(pathname)) ?? otherRoute;
}

/** The page of the address, inside the layout. */
export function AppRoutes() {
  const [pathname] = useLocation();
  const { Page } = routeAt(pathname).page;
  return (
    <AppLayout>
      <Page />
    </AppLayout>
  );
}
