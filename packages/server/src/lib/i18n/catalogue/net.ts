import type { Area } from './area.js';

/** The SSRF guard: why a user-given URL was refused or could not be fetched. */
export const NET_MESSAGES = {
  'net.url.invalid': { en: 'Not a valid URL', zh: '无效的 URL' },
  'net.url.notHttp': { en: 'Only http and https URLs can be fetched', zh: '只能获取 http 或 https 地址' },
  'net.url.credentials': { en: 'URLs with credentials are not supported', zh: '不支持带用户名密码的 URL' },
  'net.url.forbiddenTarget': {
    en: 'The URL points to a private, loopback or reserved address',
    zh: 'URL 指向内网、本机或保留地址',
  },
  'net.url.unreachable': { en: 'The URL could not be fetched: {why}', zh: '无法获取该 URL：{why}' },
  'net.tooLarge': { en: 'The remote file is larger than allowed', zh: '远程文件超过允许的大小' },
  // The `why` of net.url.unreachable.
  'net.why.noSuchHost': { en: 'the host name does not resolve', zh: '无法解析主机名' },
  'net.why.refused': { en: 'the server refused the connection', zh: '服务器拒绝连接' },
  'net.why.noAnswer': { en: 'the server did not answer in time', zh: '服务器响应超时' },
  'net.why.closed': { en: 'the server closed the connection', zh: '服务器关闭了连接' },
  'net.why.hostUnreachable': { en: 'the host cannot be reached', zh: '无法访问该主机' },
  'net.why.badTls': { en: 'its HTTPS certificate or connection is not valid', zh: '其 HTTPS 证书或连接无效' },
  'net.why.failed': { en: 'the connection failed', zh: '连接失败' },
  'net.why.stoppedSending': { en: 'the server stopped sending', zh: '对方服务器停止了发送' },
  'net.why.tooSlow': { en: 'the transfer took too long', zh: '传输耗时过长' },
  'net.why.timedOut': { en: 'timed out', zh: '请求超时' },
  'net.why.tooManyRedirects': { en: 'more than {max} redirects', zh: '重定向超过 {max} 次' },
} as const satisfies Area<'net'>;
