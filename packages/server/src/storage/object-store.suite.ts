/**
 * The one behavioural suite every ObjectStore driver must pass (STYLE §18). Run by local.driver.test.ts
 * (always) and s3.driver.test.ts (against the loopback MinIO). Presigned URLs are exercised over real
 * HTTP, the way a browser uses them.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe } from 'vitest';
import type { ObjectStore } from './object-store.js';
import { listingTests } from './object-store.suite.listing.js';
import { objectTests } from './object-store.suite.objects.js';
import { signedTests } from './object-store.suite.signed.js';
import type { StoreFixture, SuiteContext } from './object-store.suite.context.js';
import { lateBound } from '../test/late-bound.js';

/** Registers the suite for one driver. */
export function objectStoreSuite(
  name: string,
  open: () => Promise<StoreFixture>,
  options: { skip?: boolean } = {},
): void {
  describe.skipIf(options.skip ?? false)(`ObjectStore behaviour: ${name}`, () => {
    let fx: StoreFixture;
    let store: ObjectStore;
    let counter = 0;
    /** A fresh key namespace per test, so tests never see each other's objects. */
    const ns = () => `t${++counter}-${randomBytes(3).toString('hex')}`;
    const putText = (key: string, text: string | Buffer) =>
      store.put(key, Readable.from([Buffer.from(text)]), { contentLength: Buffer.byteLength(text) });

    beforeAll(async () => {
      fx = await open();
      store = fx.store;
    });
    afterAll(async () => {
      await fx?.close();
    });
    const ctx: SuiteContext = {
      fx: lateBound(() => fx, 'The store fixture'),
      store: lateBound(() => store, 'The store'),
      ns,
      putText,
    };
    objectTests(ctx);
    listingTests(ctx);
    signedTests(ctx);
  });
}
