import type { StatsRange } from '../../../gql/graphql';

/** The periods the dashboard's charts offer, as its URL names them: `?days=7`. */
export const STATS_RANGES: readonly { range: StatsRange; days: number }[] = [
  { range: 'LAST_7_DAYS', days: 7 },
  { range: 'LAST_30_DAYS', days: 30 },
  { range: 'LAST_90_DAYS', days: 90 },
];

export const RANGE_PARAM = 'days';

/** The server's default, shown when the URL names no period it offers. */
const DEFAULT_RANGE = STATS_RANGES[1];

export function statsRangeOf(params: URLSearchParams): (typeof STATS_RANGES)[number] {
  const days = Number(params.get(RANGE_PARAM));
  return STATS_RANGES.find((option) => option.days === days) ?? DEFAULT_RANGE;
}
