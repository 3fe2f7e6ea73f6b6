import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// A test file may ask for the node environment (// @vitest-environment node): no browser then.
if (typeof window !== 'undefined') stubBrowser();

function stubBrowser() {
  // The storefront's lazy pages are fetched ahead, as prefetchLikelyPages does for shoppers, so
  // a test sees a page at once, not its loading state.
  beforeAll(async () => {
    const { preloadStorefrontPages } = await import('../app/router');
    await preloadStorefrontPages();
  });

  afterEach(async () => {
    cleanup();
    localStorage.clear();
    // A test that switched to Hindi leaves the next one in English, the shop's first language.
    const { switchLanguage } = await import('../lib/i18n');
    await switchLanguage('en');
  });

  // Mantine reads these browser APIs, which jsdom lacks.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  window.scrollTo = () => undefined;

  // The autosize Textarea (product description) listens to font loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: {
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        ready: Promise.resolve(),
      },
    });
  }

  // A Select opened with a value scrolls its selected option into view.
  if (typeof Element.prototype.scrollIntoView !== 'function') {
    Element.prototype.scrollIntoView = () => undefined;
  }
}

// Tests render the whole shop (frame, lazy routes, guards); on a busy machine a find can
// need more than Testing Library's 1 s default. Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });
