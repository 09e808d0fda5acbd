import type { Area } from './area.js';

/** Backups: reading a file, checking it against the tables, and restoring it. */
export const BACKUP_MESSAGES = {
  'backup.restored': { en: 'Backup restored', zh: '备份已还原' },
  'backup.notJson': {
    en: 'The backup file is not valid JSON (is it complete?)',
    zh: '备份文件不是有效的 JSON（文件是否完整？）',
  },
  'backup.unreadableMultipart': { en: 'Unreadable multipart body', zh: '无法解析的 multipart 请求体' },
  'backup.chooseFile': { en: 'Choose a backup file', zh: '请选择备份文件' },
  'backup.notABackup': {
    en: 'This is not a backup file (metadata and data are required)',
    zh: '这不是备份文件（缺少 metadata 或 data）',
  },
  'backup.unknownFormat': { en: 'Unknown backup format or version', zh: '无法识别的备份格式或版本' },
  'backup.badMetadata': { en: 'The metadata of the backup is invalid', zh: '备份元数据无效' },
  'backup.unknownTable': { en: 'Unknown table in the backup: {table}', zh: '备份中含有未知数据表：{table}' },
  'backup.duplicateKey': {
    en: 'Table {table} holds {column} "{value}" twice',
    zh: '数据表 {table} 中 {column} "{value}" 重复',
  },
  'backup.otherSecret': {
    en: 'The backup was made with a different ENCRYPTION_SECRET: its encrypted values cannot be read here',
    zh: '该备份使用了不同的 ENCRYPTION_SECRET：其中的加密数据无法在此读取',
  },
  'backup.rowsInvalid': { en: 'Rows of the backup do not fit their tables', zh: '备份中的数据行与数据表结构不符' },
  'backup.incomplete': {
    en: 'The backup is incomplete: table {table} should have {rows} rows',
    zh: '备份不完整：数据表 {table} 应有 {rows} 行',
  },
  'backup.restoreConflict': {
    en: 'The restore conflicts with rows that are not in the backup (for example file shares using a storage config it replaces); nothing was changed',
    zh: '还原与备份之外的数据冲突（例如文件分享仍在使用被替换的存储配置），未做任何更改',
  },
  'backup.moduleEmpty': {
    en: 'Module {module} has nothing to back up in this version',
    zh: '此版本中模块 {module} 没有可备份的数据',
  },
  'backup.tooLarge': {
    en: 'This backup would be {size}, over the {limit} a restore accepts: back up the modules separately',
    zh: '此备份将有 {size}，超过还原可接受的 {limit}：请按模块分别备份',
  },
  // The original product's backups: what Driftbox leaves out, and why.
  'backup.legacy.mountsLeftOut': {
    en: 'Mounts whose path Driftbox does not accept (or already taken), or whose S3 config is not in the file',
    zh: '挂载路径不被 Driftbox 接受（或已被占用）、或其 S3 配置不在文件中的挂载点',
  },
  'backup.legacy.accountsNotImported': {
    en: 'Accounts are not imported: log in with the Driftbox administrator',
    zh: '不导入账号：请使用 Driftbox 管理员登录',
  },
  'backup.legacy.sessionsNotImported': { en: 'Login sessions are never imported', zh: '登录会话不会被导入' },
  'backup.legacy.unknownTable': {
    en: 'Not a table of the original product that Driftbox knows',
    zh: 'Driftbox 不认识的原系统数据表',
  },
  'backup.legacy.settingUnknown': {
    en: 'Driftbox has no such setting: not imported',
    zh: 'Driftbox 没有此设置项：未导入',
  },
  'backup.legacy.settingInvalid': {
    en: 'A value Driftbox does not accept for this setting: the setting keeps its Driftbox value',
    zh: 'Driftbox 不接受此设置项的取值：保留 Driftbox 的当前值',
  },
  'backup.legacy.settingSchemaVersion': {
    en: "The original's database version, not a setting: Driftbox keeps its own",
    zh: '原系统的数据库版本号，并非设置项：Driftbox 使用自己的版本',
  },
  'backup.legacy.settingPreviewProviders': {
    en: "The original's preview rules (v1.x): Driftbox chooses previews by the preview file-type lists and the Office preview setting, so the rules are not imported",
    zh: '原系统的预览规则（v1.x）：Driftbox 按预览文件类型列表和 Office 预览设置选择预览方式，因此不导入这些规则',
  },
  'backup.legacy.internalTable': {
    en: "The original's own bookkeeping (migrations, scheduled jobs, tasks, caches, upload sessions): Driftbox keeps its own",
    zh: '原系统的内部记录（迁移、定时任务、任务、缓存、上传会话）：Driftbox 使用自己的记录',
  },
  'backup.legacy.storageAclNotImported': {
    en: 'Per-key storage access lists: Driftbox grants storage by the key’s bits and base path',
    zh: '按密钥的存储访问列表：Driftbox 按密钥的权限位和基础路径授权存储',
  },
  'backup.legacy.fsMetaNotImported': {
    en: 'Folder notes and folder passwords of the mount explorer: Driftbox has no such feature',
    zh: '挂载浏览器的目录说明和目录密码：Driftbox 没有此功能',
  },
  'backup.legacy.folderSummaryNotImported': {
    en: 'The mount option to compute folder sizes: Driftbox computes none',
    zh: '计算目录大小的挂载选项：Driftbox 不计算目录大小',
  },
  'backup.legacy.wrongSecret': {
    en: 'The ENCRYPTION_SECRET given did not encrypt the credentials of storage config "{name}": give the one the original product ran with',
    zh: '所给的 ENCRYPTION_SECRET 不是加密存储配置“{name}”凭据所用的密钥：请填写原系统运行时的密钥',
  },
  'backup.legacy.credentialsMissing': {
    en: "Storage configs imported without their access keys: give the original's ENCRYPTION_SECRET to import them, or enter them afterwards",
    zh: '存储配置导入时不含访问密钥：请提供原系统的 ENCRYPTION_SECRET 以一并导入，或导入后再填写',
  },
  'backup.legacy.storageTypeNotImported': {
    en: 'Storage configs of a type Driftbox does not have (only S3 is imported)',
    zh: 'Driftbox 不支持的存储类型（仅导入 S3）',
  },
  'backup.legacy.storageFieldsNotImported': {
    en: 'Storage configs imported without their remark, URL proxy or disabled status (Driftbox has no such fields)',
    zh: '存储配置的备注、URL 代理或禁用状态未导入（Driftbox 没有这些字段）',
  },
} as const satisfies Area<'backup'>;
