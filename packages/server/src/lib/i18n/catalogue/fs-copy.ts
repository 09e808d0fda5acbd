import type { Area } from './area.js';

/** Copies in the mount tree: `/api/fs/batch-copy`, `/api/fs/batch-copy-commit` and the `copy` task. */
export const FS_COPY_MESSAGES = {
  'fsCopy.queued': { en: 'Copy queued as a task', zh: '复制任务已排队' },
  'fsCopy.intoItself': {
    en: 'A folder cannot be copied onto or into itself',
    zh: '文件夹不能复制到其自身或其内部',
  },
  'fsCopy.sourceNotInMount': {
    en: 'The source must be a file or folder inside a mount',
    zh: '源必须是挂载点内的文件或文件夹',
  },
  'fsCopy.targetNotInMount': {
    en: 'The target must be a path inside a mount, below its root',
    zh: '目标必须是挂载点根目录之下的路径',
  },
  'fsCopy.storageFailed': { en: 'The storage failed ({code})', zh: '存储操作失败（{code}）' },
  'fsCopy.accessDenied': { en: 'The storage refused access', zh: '存储拒绝访问' },
  'fsCopy.committed': { en: 'Copied files checked', zh: '已核对复制的文件' },
  'fsCopy.commitNone': {
    en: 'None of the files exists at its target',
    zh: '没有任何文件存在于其目标位置',
  },
  'fsCopy.notInTargetMount': {
    en: 'The path is not inside the target mount',
    zh: '该路径不在目标挂载点内',
  },
  'fsCopy.sizeMismatch': {
    en: 'The stored file has {size} bytes, not the {reported} reported',
    zh: '存储的文件为 {size} 字节，而非报告的 {reported} 字节',
  },
} as const satisfies Area<'fsCopy'>;
