import type { Area } from './area.js';

/** The mount explorer's reads and simple writes (`/api/fs/*`) and signed proxy links (`/api/p/*`). */
export const FS_FILE_MESSAGES = {
  'fsfiles.virtualFolder': {
    en: 'This folder only shows mounts; nothing can be stored or changed here',
    zh: '此目录仅显示挂载点，不能在这里存储或修改内容',
  },
  'fsfiles.mountRoot': { en: 'The root of a mount cannot be renamed or deleted', zh: '挂载点根目录不能重命名或删除' },
  'fsfiles.isFolder': { en: 'The path is a folder, not a file', zh: '该路径是文件夹，不是文件' },
  'fsfiles.exists': { en: 'A file or folder with this name already exists', zh: '同名文件或文件夹已存在' },
  'fsfiles.crossMount': {
    en: 'Rename works inside one mount; copy to another mount instead',
    zh: '重命名只能在同一挂载点内进行，请改用复制',
  },
  'fsfiles.intoItself': { en: 'A folder cannot be moved into itself', zh: '文件夹不能移动到自身内部' },
  'fsfiles.badCursor': { en: 'Invalid listing cursor', zh: '无效的列表游标' },
  'fsfiles.pathFirst': {
    en: 'The form field "path" must come before the file',
    zh: '表单字段 "path" 必须位于文件之前',
  },
  'fsfiles.contentTooLarge': { en: 'The text may be at most 10 MB', zh: '文本内容不能超过 10 MB' },
  'fsfiles.noProxy': { en: 'This mount does not serve proxy links', zh: '此挂载点未启用代理访问' },
  'fsfiles.badSignature': {
    en: 'The link signature is missing, invalid or expired',
    zh: '链接签名缺失、无效或已过期',
  },
  'fsfiles.folderCreated': { en: 'Folder created', zh: '文件夹已创建' },
  'fsfiles.uploaded': { en: 'File uploaded', zh: '文件已上传' },
  'fsfiles.renamed': { en: 'Renamed', zh: '重命名成功' },
  'fsfiles.removed': { en: 'Deleted', zh: '删除完成' },
  'fsfiles.saved': { en: 'File saved', zh: '文件已保存' },
  'fsfiles.shareCreated': { en: 'Share created', zh: '分享已创建' },
  'fsfiles.removeQueued': { en: 'Deleting in the background', zh: '正在后台删除' },
} as const satisfies Area<'fsfiles'>;
