// glibc's allocator settings the server runs with (`npm start` sets them in package.json, replicas in
// `server/replicas/cluster.ts`); they must be in the environment before the process starts.
// Uploads and reports make many short-lived native buffers of a few hundred kB to a few MB (a batch of
// rows handed between threads, a chunk of a file). By default glibc raises its mmap threshold after
// the first such buffer is freed, so the later ones come from the arenas, whose freed memory mostly
// stays with the process; and each thread may get an arena of its own. With the threshold fixed at
// 128 kB a large buffer goes back to the system when freed; two arenas are enough for a server whose
// JavaScript runs on one thread (and one per upload worker). Together they kept the server 20 to 60 MB
// smaller at the peaks of `npm run bench:import` (docs/performance.md, Uploads).
export const MEMORY_SETTINGS = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
});
