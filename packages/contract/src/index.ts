// Public surface of @driftbox/contract: the only code both server and web import.
export * from './permissions.js';
export * from './paths.js';
export * from './errors.js';
export * from './envelope.js';
export * from './constants.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/api-keys.js';
export * from './schemas/system.js';
export * from './schemas/bulk.js';
