import type { Area } from './area.js';

/** URL upload: through the browser, and the server-side fetch with its job record. */
export const URL_UPLOAD_MESSAGES = {
  'urlUpload.uploaded': { en: 'File uploaded', zh: '文件上传成功' },
  'urlUpload.aborted': { en: 'Upload aborted', zh: '上传已取消' },
  'urlUpload.started': { en: 'Fetching the URL', zh: '正在获取该 URL' },
  'urlUpload.sourceFailed': { en: 'The URL answered HTTP {status}', zh: '该 URL 返回了 HTTP {status}' },
  'urlUpload.sizeNeeded': {
    en: 'The size of the source is needed for a multipart upload',
    zh: '分片上传需要知道源文件大小',
  },
  'urlUpload.fetch.tooMany': {
    en: 'At most {max} URL fetches run at once: wait for one to finish',
    zh: '最多同时进行 {max} 个 URL 抓取：请等待其中一个完成',
  },
  'urlUpload.fetch.cancelled': { en: 'Cancelled', zh: '已取消' },
  'urlUpload.fetch.alreadyDone': {
    en: 'The fetch had already finished; the share is kept',
    zh: '抓取已经完成，分享已保留',
  },
  'urlUpload.fetch.failed': { en: 'The upload failed', zh: '上传失败' },
  'urlUpload.fetch.interrupted': {
    en: 'Interrupted: the server stopped during the fetch',
    zh: '已中断：抓取期间服务器停止了',
  },
} as const satisfies Area<'urlUpload'>;
