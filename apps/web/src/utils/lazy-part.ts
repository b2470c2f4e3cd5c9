/**
 * React.lazy for a part of a page that the page's first paint does not wait for (a header menu, a
 * drawer, an image preview): its chunk is requested when the part first renders, inside the page's
 * own Suspense boundary. If the chunk cannot be loaded (network down, assets replaced by a new
 * deployment), `fallback` renders in its place for the rest of the visit instead of the failed load
 * reaching the page as an error: the page stays usable without that part.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: NoInfer<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().catch((err: unknown) => {
      console.warn('[lazy] a page part could not be loaded; it is left out.', err);
      return { default: fallback };
    }),
  );
}
