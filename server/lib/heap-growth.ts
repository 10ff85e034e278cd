import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far V8 lets the heap grow past its live size before the next full collection: by 30 %.
 * Left to itself, V8 grows it up to fourfold when much is allocated fast (a million-member carrier
 * file, an upload): the live heap stays near 70 MB while the heap and RSS reached 300 and 490 MB.
 * A full collection of a heap that size takes a few milliseconds, so collecting sooner costs little
 * time. Set for the whole process (its worker threads included) when the server starts.
 */
export const HEAP_GROWING_PERCENT = 30;

export function limitHeapGrowth() {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

// Given options, V8's `gc` runs a young collection (Node 20's V8 reads `type: 'major'` as young too);
// given none, a full one.
type Collect = (options?: { type: 'minor'; execution: 'sync' }) => void;
let collector: Collect | null = null;

/**
 * A young-generation collection, now (a millisecond or two). Large buffers held by small objects (the
 * database driver's copies of a batch of rows, a few MB each) are freed only by a collection, and
 * small objects bring one on only after megabytes more of other allocation: a 100,000-row upload left
 * 15 to 30 MB of such buffers waiting at a time.
 */
export function collectYoungGeneration() {
  gcFunction()({ type: 'minor', execution: 'sync' });
}

/**
 * A full collection, now: for a thread that has just let go of most of what it held (a worker done
 * reading a file), so that its heap's next growth starts from what is still live.
 */
export function collectAll() {
  gcFunction()();
}

function gcFunction(): Collect {
  if (!collector) {
    // V8's own `gc` function, taken from a fresh context while the flag is on; nothing else sees it.
    setFlagsFromString('--expose-gc');
    const found: unknown = runInNewContext('typeof gc === "function" ? gc : null');
    setFlagsFromString('--no-expose-gc');
    // The flag is the process's: another thread (an upload's worker) may have turned it off in between.
    // Then this time goes without a collection, and the next asks again.
    if (typeof found !== 'function') return () => undefined;
    collector = found as Collect;
  }
  return collector;
}
