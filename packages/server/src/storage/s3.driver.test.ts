import { createTestBucket, s3Server } from '../test/s3.js';
import { objectStoreSuite } from './object-store.suite.js';
import { createS3Store } from './s3.driver.js';

// The S3 driver against the loopback MinIO started by the test harness (skipped, loudly, with
// DRIFTBOX_TEST_S3=0).
objectStoreSuite(
  'S3 (MinIO)',
  async () => {
    const store = createS3Store(await createTestBucket('suite'));
    return {
      store,
      fetchPresigned: (url, init) => fetch(url, init),
      close: async () => store.close(),
    };
  },
  { skip: s3Server === null },
);
