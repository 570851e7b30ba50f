/**
 * The listed fields of an object and nothing else: what a loader sends for a view (a spread
 * would carry along every field the view leaves out into the page's HTML).
 */
export function pick<T extends object, const K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}
