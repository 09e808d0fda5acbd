import type { Area } from './area.js';

/** WebDAV at `/dav` (modules/webdav): the short text bodies of its error answers. */
export const WEBDAV_MESSAGES = {
  'webdav.loginRequired': {
    en: 'WebDAV needs a login: the admin username and password, or an API key as username and password',
    zh: 'WebDAV 需要登录：管理员用户名和密码，或以 API 密钥同时作为用户名和密码',
  },
  'webdav.noPermission': {
    en: 'This API key lacks the WebDAV permission this method needs',
    zh: '此 API 密钥缺少该方法所需的 WebDAV 权限',
  },
  'webdav.locked': { en: 'The resource is locked', zh: '资源已被锁定' },
  'webdav.preconditionFailed': { en: 'A precondition of the request failed', zh: '请求的前置条件不满足' },
  'webdav.noParent': { en: 'The parent collection does not exist', zh: '上级目录不存在' },
  'webdav.exists': { en: 'Something already exists at this path', zh: '该路径已存在' },
  'webdav.notAllowed': { en: 'This method is not allowed on this resource', zh: '此资源不允许该方法' },
  'webdav.badXml': { en: 'The XML body is malformed or not allowed', zh: 'XML 请求体格式错误或不被允许' },
  'webdav.tooLarge': { en: 'The XML body is too large', zh: 'XML 请求体过大' },
  'webdav.badDestination': {
    en: 'The Destination header must name a path under /dav on this server',
    zh: 'Destination 头必须指向本服务器 /dav 下的路径',
  },
  'webdav.otherHost': { en: 'The Destination names another server', zh: 'Destination 指向了其他服务器' },
  'webdav.sameResource': {
    en: 'Source and destination are the same or nested in each other',
    zh: '源与目标相同或互相包含',
  },
  'webdav.finiteDepth': {
    en: 'PROPFIND with Depth: infinity is not supported; use Depth 0 or 1',
    zh: '不支持 Depth: infinity 的 PROPFIND，请使用 Depth 0 或 1',
  },
  'webdav.badDepth': { en: 'The Depth header is not valid for this method', zh: 'Depth 头对此方法无效' },
  'webdav.badIf': { en: 'The If header is malformed', zh: 'If 头格式错误' },
  'webdav.mediaType': { en: 'MKCOL does not take a body', zh: 'MKCOL 不接受请求体' },
  'webdav.partial': { en: 'Some members could not be processed', zh: '部分成员处理失败' },
  'webdav.noLock': { en: 'No such lock on this resource', zh: '此资源上没有该锁' },
} as const satisfies Area<'webdav'>;
