/** Whether arrays and objects inside `value` go more than `limit` levels deep. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => nestedDeeperThan(child, limit - 1));
}
