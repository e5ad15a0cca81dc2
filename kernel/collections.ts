/** The value at `key`; when there is none, `make`'s value, stored first. */
export function getOrSet<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * `record[key]` when the record itself holds it. Keys people choose (column and field names) may
 * be `constructor` or `toString`: a plain lookup would find Object.prototype's function instead.
 */
export function ownValue<V>(record: Record<string, V>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
