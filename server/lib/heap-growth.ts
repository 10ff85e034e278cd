import { setFlagsFromString } from 'node:v8';

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
