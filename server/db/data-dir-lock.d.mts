// Types of data-dir-lock.mjs, which stays plain JavaScript for the database process.

export declare const LOCK_FILE: string;
export declare const DATA_DIR_IN_USE: 'DATA_DIR_IN_USE';

export declare class DataDirInUseError extends Error {
  readonly code: typeof DATA_DIR_IN_USE;
  readonly dataDir: string;
  /** The holder's pid ('unknown' for a lock still being written). */
  readonly pid: number | string;
  constructor(dataDir: string, pid: number | string);
}

/** Where the database process of `dataDir` answers maintenance requests (a backup). */
export declare function maintenanceSocketPath(dataDir: string): string;

/** Takes the lock of `dataDir` for this process; resolves to its release. */
export declare function lockDataDir(dataDir: string): Promise<() => Promise<void>>;

/** Throws DataDirInUseError when a live process holds the lock of `dataDir`. */
export declare function assertDataDirFree(dataDir: string): Promise<void>;
