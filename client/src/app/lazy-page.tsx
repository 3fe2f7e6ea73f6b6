import { ComponentType, lazy } from 'react';

/** A page whose code is fetched when first needed, or before (`preload`). */
export interface LazyPage {
  (): React.JSX.Element;
  preload: () => Promise<unknown>;
}

/**
 * A route's page loaded on demand, like React's `lazy`, that can also be fetched ahead
 * (`preload`): once its code is here it renders at once, with no loading state between pages.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}
