import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/clock.js';
import { createTtlCache } from './ttl-cache.js';

/** A loader that counts its calls and returns whatever `source.value` holds. */
function counter(initial: string) {
  const source = { value: initial, loads: 0 };
  const load = async () => {
    source.loads += 1;
    return source.value;
  };
  return { source, load };
}

describe('createTtlCache', () => {
  it('serves the cached value until the TTL passes', async () => {
    const clock = testClock();
    const { source, load } = counter('a');
    const cache = createTtlCache(load, clock, 1000);
    expect(await cache.get()).toBe('a');
    source.value = 'b';
    clock.advance(999);
    expect(await cache.get()).toBe('a');
    clock.advance(1);
    expect(await cache.get()).toBe('b');
    expect(source.loads).toBe(2);
  });

  it('reloads at once after invalidate', async () => {
    const clock = testClock();
    const { source, load } = counter('a');
    const cache = createTtlCache(load, clock, 60_000);
    await cache.get();
    source.value = 'b';
    cache.invalidate();
    expect(await cache.get()).toBe('b');
  });

  it('shares one load between concurrent misses', async () => {
    const { source, load } = counter('a');
    const cache = createTtlCache(load, testClock(), 1000);
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['a', 'a', 'a']);
    expect(source.loads).toBe(1);
  });

  it('does not keep a value loaded before an invalidation', async () => {
    let release: (v: string) => void = () => {};
    let loads = 0;
    const cache = createTtlCache(
      () => {
        loads += 1;
        return loads === 1 ? new Promise<string>((resolve) => (release = resolve)) : Promise.resolve('new');
      },
      testClock(),
      60_000,
    );
    const slow = cache.get();
    cache.invalidate();
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.get()).toBe('new');
  });

  it('does not cache a failed load', async () => {
    let fail = true;
    const cache = createTtlCache(
      async () => {
        if (fail) throw new Error('db down');
        return 'ok';
      },
      testClock(),
      1000,
    );
    await expect(cache.get()).rejects.toThrow('db down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
