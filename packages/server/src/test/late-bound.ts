/**
 * An object that stands for whatever `current()` returns when one of its properties is read: set-up
 * made before each test (a harness, a store) can be handed to test code registered earlier.
 */
export function lateBound<T extends object>(current: () => T | undefined, what: string): T {
  const live = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${what} exists only while a test runs`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(live(), key) as unknown,
    has: (_target, key) => Reflect.has(live(), key),
    // Spreads and Object.entries see the live value's own properties (a headers record passed on).
    ownKeys: () => Reflect.ownKeys(live()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(live(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
