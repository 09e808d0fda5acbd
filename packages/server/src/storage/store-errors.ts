import type { ObjectStore } from './object-store.js';

/**
 * `store` with every method's failure (thrown, or a rejected promise) passed through `onError` first,
 * which rethrows it (marked, counted). The one wrapper behind the named stores and the error metrics.
 */
export function onStoreErrors(store: ObjectStore, onError: (err: unknown) => never): ObjectStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (err) {
          return onError(err);
        }
        return result instanceof Promise ? result.catch(onError) : result;
      };
    },
  });
}
