export interface RunningShop {
  baseUrl: string;
  stop(): Promise<void>;
}

export function startBuiltShop(env?: Record<string, string>): Promise<RunningShop>;

export const LIMITS_OUT_OF_THE_WAY: Record<string, string>;

export const SERVER_ARGS: string[];

export function freePort(): Promise<number>;

export function waitUntilReady(
  url: string,
  deadline: number,
  server: { exitCode: number | null },
): Promise<void>;

export function productionEnv(
  port: number,
  dataDir: string,
  settings: Record<string, string>,
): Record<string, string | undefined>;
