import { Text, VisuallyHidden } from '@mantine/core';
import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';

/**
 * What the countdown says, written once for the component and its tests: each worked out when
 * read, in the language the storefront speaks then.
 */
export const COUNTDOWN = {
  shown: (clock: string) => t`Time left: ${clock}`,
  minutes: (minutes: number) =>
    plural(minutes, { one: '# minute left to pay', other: '# minutes left to pay' }),
  get over() {
    return t`The time to pay is up`;
  },
};

/** Whole seconds from `now` (ms) to `expiresAt`, never below 0. */
const secondsLeft = (expiresAt: number, now: number) =>
  Math.max(0, Math.ceil((expiresAt - now) / 1000));

/** 599 -> "9:59". */
const clockOf = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** What a screen reader is told: the minutes left, which change once a minute; then the end. */
const spokenOf = (seconds: number) =>
  seconds === 0 ? COUNTDOWN.over : COUNTDOWN.minutes(Math.ceil(seconds / 60));

export interface PaymentCountdownProps {
  /** When the payment expires, an ISO time as the server answered it. */
  expiresAt: string;
  /** Called once, when the time is up (at once if it already is). */
  onExpired?: () => void;
  /** The clock, in ms (tests stop it). */
  now?: () => number;
}

/**
 * The time left to pay ("Time left: 9:59"), ticking each second. Screen readers hear it
 * politely, only when the minutes change and when the time is up, not every second: the
 * ticking text is not a live region, a hidden one beside it is.
 */
export function PaymentCountdown({ expiresAt, onExpired, now = Date.now }: PaymentCountdownProps) {
  const end = Date.parse(expiresAt);
  const [seconds, setSeconds] = useState(() => secondsLeft(end, now()));
  const expired = useRef(false);
  const onExpiredNow = useRef(onExpired);
  useEffect(() => {
    onExpiredNow.current = onExpired;
  }, [onExpired]);

  useEffect(() => {
    const tick = () => setSeconds(secondsLeft(end, now()));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [end, now]);

  useEffect(() => {
    if (seconds > 0 || expired.current) return;
    expired.current = true;
    onExpiredNow.current?.();
  }, [seconds]);

  return (
    <div>
      <Text fw={600} aria-hidden="true" data-testid="payment-countdown" ff="monospace">
        {COUNTDOWN.shown(clockOf(seconds))}
      </Text>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {spokenOf(seconds)}
      </VisuallyHidden>
    </div>
  );
}
