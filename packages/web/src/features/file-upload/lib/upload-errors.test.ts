import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { i18n } from '../../../lib/site/i18n';
import { UploadError } from '../../../lib/uploader/upload-error';
import { uploadErrorMessage } from './upload-errors';

describe('uploadErrorMessage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says a bucket that did not answer may refuse the site (CORS), in both languages', async () => {
    await i18n.changeLanguage('en');
    const lost = new UploadError('NETWORK', { toStorage: true });
    expect(uploadErrorMessage(i18n.t, lost)).toMatch(
      /^The storage did not answer: check your connection.*CORS rules may not allow this site.*Test under Admin → Storage config\.$/,
    );
    expect(uploadErrorMessage(i18n.t, new UploadError('NETWORK'))).toBe(
      'Network error: check your connection and retry.',
    );
    await i18n.changeLanguage('zh-CN');
    expect(uploadErrorMessage(i18n.t, lost)).toMatch(/^存储没有响应.*CORS.*「测试」/);
    expect(uploadErrorMessage(i18n.t, new UploadError('NETWORK'))).toBe('网络错误：请检查网络连接后重试。');
  });

  it('names mixed content when an https page would upload to a plain-http bucket', async () => {
    await i18n.changeLanguage('en');
    expect(uploadErrorMessage(i18n.t, new UploadError('INSECURE_STORAGE'))).toMatch(
      /^This page is on https, but the storage's upload address is plain http/,
    );
    await i18n.changeLanguage('zh-CN');
    expect(uploadErrorMessage(i18n.t, new UploadError('INSECURE_STORAGE'))).toMatch(/混合内容/);
  });

  it("gives a refused field's own reason, not only that validation failed", async () => {
    await i18n.changeLanguage('en');
    const cause = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      serverMessage: 'Validation failed',
      details: [{ path: 'filename', message: 'Invalid file name' }],
    });
    expect(uploadErrorMessage(i18n.t, new UploadError('PRESIGN_FAILED', { cause, status: 400 }))).toBe(
      'Failed to get the presigned upload URL: Invalid file name',
    );
  });
});
