export interface RunningShop {
  baseUrl: string;
  stop(): Promise<void>;
}

export function startBuiltShop(env?: Record<string, string>): Promise<RunningShop>;

export const LIMITS_OUT_OF_THE_WAY: Record<string, string>;

export function freePort(): Promise<number>;
