/**
 * The fields that were actually given: GraphQL clients may send an optional field as
 * an explicit null, which means "no change" just as leaving it out does.
 */
export function presentFields<T extends object>(
  changes: T,
): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== null && value !== undefined),
  ) as { [K in keyof T]?: Exclude<T[K], null> };
}
