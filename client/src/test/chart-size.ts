import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom lays nothing out, so a chart's responsive container measures 0 x 0 and draws
 * nothing. Around each test of the calling file, such a container measures `width` x
 * `height`, and the charts draw their SVG as in a browser; every other element is left alone.
 */
export function sizeCharts(width = 640, height = 260): void {
  beforeEach(() => {
    const measure = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
      return DOMRect.fromRect({ width, height });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
