export interface RunningShop {
  baseUrl: string;
  stop(): Promise<void>;
}

export function startBuiltShop(env?: Record<string, string>): Promise<RunningShop>;
