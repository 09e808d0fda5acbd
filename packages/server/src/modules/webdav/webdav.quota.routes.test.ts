import type { StorageConfigDto } from '@driftbox/contract';
import { statfs } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../test/s3.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { davCalls } from './webdav.test-support.js';

const ASK_QUOTA =
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>' +
  '<D:quota-available-bytes/><D:quota-used-bytes/><D:resourcetype/></D:prop></D:propfind>';

/** The quota figures of each `<D:response>` of a multistatus, by href (null where the property was 404). */
function quotas(xml: string): Record<string, { available: number | null; used: number | null }> {
  const out: Record<string, { available: number | null; used: number | null }> = {};
  for (const [, response] of xml.matchAll(/<D:response>(.*?)<\/D:response>/g)) {
    const href = /<D:href>([^<]*)<\/D:href>/.exec(response!)![1]!;
    const value = (name: string) => {
      const found = new RegExp(`<D:${name}>(\\d+)</D:${name}>`).exec(response!);
      return found ? Number(found[1]) : null;
    };
    out[href] = { available: value('quota-available-bytes'), used: value('quota-used-bytes') };
  }
  return out;
}

// RFC 4331 quota properties where the storage's figures are known: LOCAL from the disk (statfs) or the
// config's quota, S3 from the config's quota only. Asked for by name; allprop leaves them out.
describe.each(dialects)('WebDAV quota properties (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { dav, localMount, seed } = davCalls(() => h);
  const { created } = mountCalls(() => h);
  const propfind = async (path: string, depth: string, body = ASK_QUOTA) => {
    const res = await dav('PROPFIND', path, { ...h.actors.admin(), Depth: depth }, body);
    expect(res.status, res.text).toBe(207);
    return res.text;
  };

  it('reports a LOCAL mount’s disk, then its config’s quota, on the collections of a listing', async () => {
    await localMount();
    await seed({ 'docs/a.txt': 'a', 'b.txt': 'b' });
    const disk = await statfs(h.config.dataDir);
    const listed = quotas(await propfind('/dav/local/', '1'));
    expect(Object.keys(listed).sort()).toEqual(['/dav/local/', '/dav/local/b.txt', '/dav/local/docs/']);
    const root = listed['/dav/local/']!;
    // The disk's free space moves while other tests write: compared within 256 MiB.
    expect(Math.abs(root.available! - disk.bavail * disk.bsize)).toBeLessThan(256 * 1024 * 1024);
    expect(Math.abs(root.used! - (disk.blocks - disk.bavail) * disk.bsize)).toBeLessThan(256 * 1024 * 1024);
    expect(listed['/dav/local/docs/']!.available).toBeGreaterThan(0);
    expect(listed['/dav/local/b.txt']).toEqual({ available: null, used: null });

    const res = await h.call('PUT', '/api/s3-configs/local', {
      headers: h.actors.admin(),
      body: { total_storage_bytes: 5000 },
    });
    expect(res.status, res.text).toBe(200);
    expect(quotas(await propfind('/dav/local/', '0'))['/dav/local/']).toEqual({ available: 5000, used: 0 });
  });

  it('leaves them out of allprop, lists them in propname, and refuses to set them (403)', async () => {
    await localMount();
    const all = await propfind('/dav/local/', '0', '');
    expect(all).not.toContain('quota-');
    const names = await propfind(
      '/dav/local/',
      '0',
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:propname/></D:propfind>',
    );
    expect(names).toContain('<D:quota-available-bytes/>');
    const include =
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/><D:include><D:quota-used-bytes/></D:include></D:propfind>';
    expect(await propfind('/dav/local/', '0', include)).toMatch(/<D:quota-used-bytes>\d+<\/D:quota-used-bytes>/);
    const patch =
      '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:quota-available-bytes>1</D:quota-available-bytes></D:prop></D:set></D:propertyupdate>';
    const refused = await dav('PROPPATCH', '/dav/local/', h.actors.admin(), patch);
    expect(refused.status).toBe(207);
    expect(refused.text).toContain('403 Forbidden');
  });

  it.runIf(s3Server)('reports an S3 mount’s quota from its config, and nothing for a config without one', async () => {
    const bucket = await createTestBucket('quota');
    const res = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: { name: `minio-${bucket.bucket}`, ...s3ConfigFields(bucket), total_storage_bytes: 7000 },
    });
    expect(res.status, res.text).toBe(201);
    const id = (res.body.data as StorageConfigDto).id;
    await created({ name: 's3', mount_path: '/s3', storage_config_id: id });
    expect(quotas(await propfind('/dav/s3/', '0'))['/dav/s3/']).toEqual({ available: 7000, used: 0 });
    // The API always stores a quota for S3 (the provider's default); a restored backup may hold none.
    await h.db.updateTable('storage_configs').set({ total_storage_bytes: null }).where('id', '=', id).execute();
    expect(quotas(await propfind('/dav/s3/', '0'))['/dav/s3/']).toEqual({ available: null, used: null });
  });
});
