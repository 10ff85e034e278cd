export declare const MEMORY_SETTINGS: Readonly<Record<'MALLOC_ARENA_MAX' | 'MALLOC_MMAP_THRESHOLD_', string>>;
