import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ShopError } from '../shop-error';
import { Counter, CounterStore, RATE_LIMIT_STORE } from './rate-limit.store';

/**
 * The attempts that check a secret: a password at login; a security answer, or the token of an
 * e-mailed link, at a password reset.
 */
export type SignInAction = 'login' | 'forgot-password';

/** Who is attempting: the account (e-mail or user id) and the client address. */
export interface Attempter {
  account: string;
  address: string;
}

/** One counter and the key an attempt counts under. */
interface Count {
  counter: Counter;
  key: string;
  /** Whether being over this limit refuses the attempt, given the counts taken before it. */
  refuses?: (before: readonly Taken[]) => boolean;
}

interface Taken extends Count {
  consumedPoints: number;
}

export const TOO_MANY = {
  signIn: 'Too many failed attempts',
  registrations: 'Too many registrations from your address',
  declines: 'Too many declined payments',
  resetLinks: 'Too many password reset links asked for',
} as const;

/** The refusal of every attempt limit: what was too many, and when to try again. */
export function tooMany(what: string, msBeforeNext: number): ShopError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new ShopError(
    'TOO_MANY_REQUESTS',
    `${what}, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

const giveBack = (taken: readonly Taken[]) =>
  Promise.all(taken.map(({ counter, key }) => counter.reward(key)));

/**
 * Limits attempts that can be abused by repetition. Of sign-ins and card charges only the
 * failures count: a point is taken from each counter before the attempt (so attempts
 * arriving all at once cannot overtake the limit) and given back when the attempt succeeds
 * or never ran. Registrations, where every attempt counts, are limited by RegistrationLimit
 * (auth/registration-limit.guard.ts). The limits and the reasoning behind them: README,
 * "Production: accounts, sessions, brute force".
 */
@Injectable()
export class RateLimiter {
  private readonly signInCounters: Record<
    SignInAction,
    Record<'pair' | 'address' | 'account', Counter>
  >;
  private readonly declines: Record<'account' | 'address', Counter>;
  private readonly resetLinks: Record<'account' | 'address', Counter>;

  constructor(
    @Inject(RATE_LIMIT_STORE) store: CounterStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const { windowMs, signIn, declinedCheckouts } = config.rateLimits;
    const { linksPerAccount, linksPerAddress, windowMs: linksWindowMs } = config.passwordReset;
    const counter = (keyPrefix: string, points: number, ms = windowMs) =>
      store({ keyPrefix, points, duration: Math.ceil(ms / 1000) });
    const signInOf = (action: SignInAction) => ({
      pair: counter(`${action}:account-address`, signIn.perAccountAndAddress),
      address: counter(`${action}:address`, signIn.perAddress),
      account: counter(`${action}:account`, signIn.perAccount),
    });
    this.signInCounters = {
      login: signInOf('login'),
      'forgot-password': signInOf('forgot-password'),
    };
    this.declines = {
      account: counter(
        'declined:account',
        declinedCheckouts.perAccount,
        declinedCheckouts.windowMs,
      ),
      address: counter(
        'declined:address',
        declinedCheckouts.perAddress,
        declinedCheckouts.windowMs,
      ),
    };
    this.resetLinks = {
      account: counter('reset-links:account', linksPerAccount, linksWindowMs),
      address: counter('reset-links:address', linksPerAddress, linksWindowMs),
    };
  }

  /**
   * Runs `check` (what it finds when the secret was right, else null) unless the address,
   * the account and address pair, or the account has failed too often. The account-wide
   * limit refuses only addresses that have already failed on this account, so guessing from
   * many addresses cannot lock the owner out: once it is reached, each further address gets
   * a single guess. A success clears the pair's count and costs the others nothing.
   */
  async signIn<T>(
    action: SignInAction,
    who: Attempter,
    check: () => Promise<T | null>,
  ): Promise<T | null> {
    const counters = this.signInCounters[action];
    const account = who.account.trim().toLowerCase();
    const taken = await this.take(TOO_MANY.signIn, [
      { counter: counters.address, key: who.address },
      { counter: counters.pair, key: `${account} from ${who.address}` },
      {
        counter: counters.account,
        key: account,
        refuses: ([, pair]) => pair.consumedPoints > 1,
      },
    ]);
    const found = await this.runOrGiveBack(taken, check);
    if (found !== null) {
      const [address, pair, accountWide] = taken;
      await Promise.all([giveBack([address, accountWide]), pair.counter.delete(pair.key)]);
    }
    return found;
  }

  /**
   * Counts a request for a password-reset link, whatever came of it: an address nobody uses
   * counts as a known one does, so the limit tells nothing about who has an account. Per
   * account asked about (a mailbox is not flooded) and per client address.
   */
  async resetLink(who: Attempter): Promise<void> {
    await this.take(TOO_MANY.resetLinks, [
      { counter: this.resetLinks.account, key: who.account.trim().toLowerCase() },
      { counter: this.resetLinks.address, key: who.address },
    ]);
  }

  /** Runs `charge` unless the buyer or the address had too many declines; declines count. */
  async charge<T>(
    who: Attempter,
    charge: () => Promise<T>,
    declined: (result: T) => boolean,
  ): Promise<T> {
    const taken = await this.take(TOO_MANY.declines, [
      { counter: this.declines.account, key: who.account },
      { counter: this.declines.address, key: who.address },
    ]);
    const result = await this.runOrGiveBack(taken, charge);
    if (!declined(result)) await giveBack(taken);
    return result;
  }

  /**
   * Takes a point from each counter in turn; over a limit that refuses, gives every point
   * back (a refused attempt is no failure) and refuses with the time until it lifts.
   */
  private async take(what: string, counts: readonly Count[]): Promise<Taken[]> {
    const taken: Taken[] = [];
    for (const count of counts) {
      let result: RateLimiterRes;
      let over = false;
      try {
        result = await count.counter.consume(count.key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        result = error;
        over = true;
      }
      taken.push({ ...count, consumedPoints: result.consumedPoints });
      if (over && (count.refuses?.(taken) ?? true)) {
        await giveBack(taken);
        throw tooMany(what, result.msBeforeNext);
      }
    }
    return taken;
  }

  /** An attempt that broke down (not a failure of the attempter's) gives its points back. */
  private async runOrGiveBack<T>(taken: readonly Taken[], attempt: () => Promise<T>): Promise<T> {
    try {
      return await attempt();
    } catch (error) {
      await giveBack(taken);
      throw error;
    }
  }
}
