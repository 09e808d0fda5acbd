/**
 * What the storage-configs module needs to know about the content stored through a config, as a port:
 * the files module (issue "file shares") implements it over its table and is passed in by
 * `createServices`. Until that module exists nothing can reference a config, which is exactly what
 * NO_STORAGE_USAGE reports — so delete is never blocked and `used_bytes` is 0 today.
 */
export interface StorageUsagePort {
  /** How many file shares keep their objects in this config; deleting it is refused (409) while > 0. */
  countShares(configId: string): Promise<number>;
  /** Bytes stored through each of the given configs (missing ids count as 0), shown against capacity. */
  usedBytes(configIds: string[]): Promise<Map<string, number>>;
}

/** The usage port before any module stores content: nothing references any config. */
export const NO_STORAGE_USAGE: StorageUsagePort = {
  countShares: async () => 0,
  usedBytes: async () => new Map(),
};

/**
 * How many mounts sit on a config, as a port the mounts module implements (`createMountPorts`): deleting
 * a mounted config is refused (409) like one holding file shares, never cascaded to its mounts.
 */
export interface MountUsagePort {
  countMounts(configId: string): Promise<number>;
}

/** No mounts on any config (services built without the mounts module, as some tests do). */
export const NO_MOUNT_USAGE: MountUsagePort = { countMounts: async () => 0 };
