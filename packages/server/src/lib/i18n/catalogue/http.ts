import type { Area } from './area.js';

/** The envelope's own words and the refusals every route can meet. */
export const HTTP_MESSAGES = {
  'http.success': { en: 'Success', zh: '成功' },
  'http.invalidJson': { en: 'Request body is not valid JSON', zh: '请求体不是有效的 JSON' },
  'http.interrupted': { en: 'The request was interrupted', zh: '请求已中断' },
  'http.nulInText': { en: 'Text must not contain NUL characters (\\u0000)', zh: '文本不能包含 NUL 字符（\\u0000）' },
  'http.bodyTooSlow': {
    en: 'The request body arrived too slowly (under {rate} bytes per second for {seconds} s); the connection is closed',
    zh: '请求内容传输过慢（{seconds} 秒内低于每秒 {rate} 字节），连接已关闭',
  },
  'http.notFound': { en: '{resource} not found', zh: '{resource}不存在' },
  'http.unknownHost': {
    en: 'Unknown host: links are built only for PUBLIC_URL or a host in ALLOWED_HOSTS',
    zh: '未知主机：链接只会按 PUBLIC_URL 或 ALLOWED_HOSTS 中的主机生成',
  },
} as const satisfies Area<'http'>;
