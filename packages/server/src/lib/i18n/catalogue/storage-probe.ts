import type { Area } from './area.js';

/** The storage test (`POST /api/s3-configs/{id}/test`): each check's outcome and how to fix a failure. */
export const STORAGE_PROBE_MESSAGES = {
  'storage.probe.listPassed': { en: 'Listed the {where}', zh: '已列出{where}内容' },
  'storage.probe.folder': { en: 'folder', zh: '文件夹' },
  'storage.probe.bucket': { en: 'bucket', zh: '存储桶' },
  'storage.probe.writePassed': { en: 'Wrote {key}', zh: '已写入 {key}' },
  'storage.probe.readPassed': { en: 'Read the probe object back unchanged', zh: '测试对象读回无误' },
  'storage.probe.readMismatch': { en: 'Read back different content than was written', zh: '读回的内容与写入的不同' },
  'storage.probe.presignedPassed': {
    en: 'Uploaded and downloaded through presigned URLs',
    zh: '已通过预签名链接上传和下载',
  },
  'storage.probe.presignedUpload': { en: 'Presigned upload', zh: '预签名上传' },
  'storage.probe.presignedDownload': { en: 'Presigned download', zh: '预签名下载' },
  'storage.probe.downloadMismatch': {
    en: 'The presigned download returned different content',
    zh: '预签名下载返回的内容不同',
  },
  'storage.probe.deletePassed': { en: 'Deleted the probe objects', zh: '已删除测试对象' },
  'storage.probe.objectLeft': { en: 'The probe object is still there after deleting it', zh: '删除后测试对象仍然存在' },
  'storage.probe.skippedUnreachable': {
    en: 'Skipped: the storage could not be reached (see “List”)',
    zh: '已跳过：无法访问存储（见“列出”）',
  },
  'storage.probe.skippedNothingWritten': {
    en: 'Skipped: nothing was written to read back',
    zh: '已跳过：没有写入可读回的内容',
  },
  'storage.probe.sameReason': { en: 'Failed for the same reason as “List”', zh: '失败原因与“列出”相同' },
  'storage.probe.allPassed': { en: 'Every check passed', zh: '所有检查均已通过' },
  'storage.probe.someFailed': { en: 'Failed: {checks}', zh: '未通过：{checks}' },
  // An answer that is not a success.
  'storage.probe.noAnswer': { en: 'No answer within {seconds} s', zh: '{seconds} 秒内没有响应' },
  'storage.probe.httpFailed': { en: '{what} failed with HTTP {status}', zh: '{what}失败，HTTP {status}' },
  'storage.probe.httpFailedDetail': {
    en: '{what} failed with HTTP {status}: {detail}',
    zh: '{what}失败，HTTP {status}：{detail}',
  },
  'storage.probe.httpFailedNotS3': {
    en: '{what} failed with HTTP {status} (the endpoint did not answer like an S3 server)',
    zh: '{what}失败，HTTP {status}（服务端点的响应不是 S3 服务的响应）',
  },
  'storage.probe.notS3': {
    en: 'The endpoint did not answer like an S3 server: check that the endpoint URL is the S3 API address of the storage',
    zh: '服务端点的响应不是 S3 服务的响应：请检查端点 URL 是否为该存储的 S3 API 地址',
  },
  'storage.probe.notS3Status': {
    en: 'The endpoint did not answer like an S3 server (HTTP {status}): check that the endpoint URL is the S3 API address of the storage',
    zh: '服务端点的响应不是 S3 服务的响应（HTTP {status}）：请检查端点 URL 是否为该存储的 S3 API 地址',
  },
  // A failure explained; `detail` is the technical message.
  'storage.probe.blockedPort': {
    en: 'The endpoint uses a port that browsers refuse to call (a blocked port such as 9 or 6000): use another port',
    zh: '服务端点使用了浏览器拒绝访问的端口（例如 9 或 6000 等被屏蔽的端口）：请换用其他端口',
  },
  'storage.probe.accessDenied': {
    en: 'The storage refused the credentials or the operation: check the access key, the secret and their permissions ({detail})',
    zh: '存储拒绝了凭据或操作：请检查访问密钥 ID、私有访问密钥及其权限（{detail}）',
  },
  'storage.probe.noBucket': {
    en: 'The bucket does not exist: check the bucket name and the region ({detail})',
    zh: '存储桶不存在：请检查存储桶名称和区域（{detail}）',
  },
  'storage.probe.connectionRefused': {
    en: 'Could not connect: the endpoint refused the connection (check the endpoint URL and port) ({detail})',
    zh: '无法连接：服务端点拒绝了连接（请检查端点 URL 和端口）（{detail}）',
  },
  'storage.probe.hostUnknown': {
    en: "Could not connect: the endpoint's host name does not resolve ({detail})",
    zh: '无法连接：无法解析服务端点的主机名（{detail}）',
  },
  'storage.probe.connectTimeout': {
    en: 'Could not connect: the endpoint did not answer in time ({detail})',
    zh: '无法连接：服务端点响应超时（{detail}）',
  },
  'storage.probe.connectionClosed': {
    en: 'The endpoint closed the connection ({detail})',
    zh: '服务端点关闭了连接（{detail}）',
  },
  'storage.probe.untrustedCertificate': {
    en: "The endpoint's TLS certificate is not trusted ({detail})",
    zh: '服务端点的 TLS 证书不受信任（{detail}）',
  },
  'storage.probe.failed': { en: '{detail}', zh: '失败：{detail}' },
  // CORS: what the browser may do, and how to allow it per provider.
  'storage.probe.corsNotNeeded': {
    en: 'Served by Driftbox on its own origin: no CORS configuration needed',
    zh: '由 Driftbox 在自身源上提供：无需配置 CORS',
  },
  'storage.probe.corsPassed': {
    en: 'Direct uploads and downloads from {origin} are allowed',
    zh: '允许从 {origin} 直接上传和下载',
  },
  'storage.probe.mixedContent': {
    en: 'Pages on {origin} cannot reach {target}: browsers block plain-http requests from https pages (mixed content). Give this storage an https endpoint.',
    zh: '{origin} 上的页面无法访问 {target}：浏览器会阻止 https 页面发出的明文 http 请求（混合内容）。请为此存储使用 https 端点。',
  },
  'storage.probe.uploadRefused': {
    en: 'The browser at {origin} may not upload directly (preflight HTTP {status}). {hint}',
    zh: '{origin} 上的浏览器不能直接上传（预检 HTTP {status}）。{hint}',
  },
  'storage.probe.etagHidden': {
    en: 'The ETag header is not exposed to {origin}, which resumable uploads need. {hint}',
    zh: 'ETag 响应头未向 {origin} 暴露，断点续传需要它。{hint}',
  },
  'storage.probe.corsRule': {
    en: 'allow origin {origin} with methods GET, PUT and HEAD and headers {headers}, and expose the ETag header',
    zh: '允许来源 {origin} 使用 GET、PUT、HEAD 方法和 {headers} 请求头，并暴露 ETag 响应头',
  },
  'storage.probe.corsRuleOneHeader': {
    en: 'allow origin {origin} with methods GET, PUT and HEAD and header {headers}, and expose the ETag header',
    zh: '允许来源 {origin} 使用 GET、PUT、HEAD 方法和 {headers} 请求头，并暴露 ETag 响应头',
  },
  'storage.probe.corsHint.r2': {
    en: 'Add a CORS policy in the R2 bucket settings to {rule}.',
    zh: '请在 R2 存储桶设置中添加 CORS 策略：{rule}。',
  },
  'storage.probe.corsHint.oss': {
    en: "Add a cross-origin (CORS) rule in the OSS bucket's settings to {rule}.",
    zh: '请在 OSS 存储桶的跨域设置（CORS）中添加规则：{rule}。',
  },
  'storage.probe.corsHint.b2': {
    en: "Set the bucket's CORS rules (b2 bucket update --cors-rules) to {rule}.",
    zh: '请设置存储桶的 CORS 规则（b2 bucket update --cors-rules）：{rule}。',
  },
  'storage.probe.corsHint.other': {
    en: "Configure the bucket's CORS rules (PutBucketCors) to {rule}.",
    zh: '请配置存储桶的 CORS 规则（PutBucketCors）：{rule}。',
  },
} as const satisfies Area<'storage.probe'>;
