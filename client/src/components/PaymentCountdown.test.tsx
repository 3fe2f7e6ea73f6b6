import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShopFrame } from '../test/render';
import { COUNTDOWN, PaymentCountdown } from './PaymentCountdown';

const START = Date.parse('2026-12-03T10:00:00+05:30');
const IN_TEN_MINUTES = '2026-12-03T04:40:00.000Z';

function renderCountdown(expiresAt: string, onExpired = vi.fn()) {
  render(<PaymentCountdown expiresAt={expiresAt} onExpired={onExpired} />, {
    wrapper: ShopFrame,
  });
  return onExpired;
}

const shown = () => screen.getByTestId('payment-countdown').textContent;
const spoken = () => screen.getByRole('status').textContent;
const pass = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('PaymentCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down each second to the time the server gave', () => {
    renderCountdown(IN_TEN_MINUTES);
    expect(shown()).toBe('Time left: 10:00');
    pass(1000);
    expect(shown()).toBe('Time left: 9:59');
    pass(59_000);
    expect(shown()).toBe('Time left: 9:00');
  });

  it('tells screen readers politely, only when the minutes change', () => {
    renderCountdown(IN_TEN_MINUTES);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    // The ticking text is not read out.
    expect(screen.getByTestId('payment-countdown')).toHaveAttribute('aria-hidden', 'true');
    expect(spoken()).toBe(COUNTDOWN.minutes(10));
    // What the live region held after each of 130 ticks, each change once.
    const heard: string[] = [spoken()!];
    for (let second = 0; second < 130; second += 1) {
      pass(1000);
      if (spoken() !== heard.at(-1)) heard.push(spoken()!);
      if (second === 59) expect(shown()).toBe('Time left: 9:00');
    }
    // 10:00 to 7:50: the two minute changes, not the 130 ticks.
    expect(shown()).toBe('Time left: 7:50');
    expect(heard).toEqual([
      '10 minutes left to pay',
      '9 minutes left to pay',
      '8 minutes left to pay',
    ]);
  });

  it('says when the time is up, and calls onExpired once', () => {
    const onExpired = renderCountdown('2026-12-03T04:31:05.000Z');
    expect(spoken()).toBe('2 minutes left to pay');
    pass(5_000);
    expect(spoken()).toBe('1 minute left to pay');
    expect(onExpired).not.toHaveBeenCalled();
    pass(60_000);
    expect(shown()).toBe('Time left: 0:00');
    expect(spoken()).toBe(COUNTDOWN.over);
    pass(10_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('calls onExpired at once for a time already past', () => {
    const onExpired = renderCountdown('2026-12-03T04:00:00.000Z');
    expect(shown()).toBe('Time left: 0:00');
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});
