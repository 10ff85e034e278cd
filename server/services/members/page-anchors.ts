// Where far pages of an unfiltered member list begin. An OFFSET walks every index entry before the page
// (100,000 of them for page 5,000 of a million-member group); once a page has been read its first row
// is remembered, and a page at or after it is read from that row on (a keyset read) with only the
// remaining distance skipped. Paging on from a far page, or a second user on the same page, then costs
// what the first page costs.
//
// An anchor is trusted only while the group's kept count is what it was (an added or termed member
// moves every later row) and for ANCHOR_TTL_MS at most: an edit that reorders without changing the
// count (a renamed member) can shift a far page by a row until then, as a page read a minute earlier
// would. Each server keeps its own anchors in memory.
import type { Db } from '../../db/client';

export type PageAnchor = {
  /** Rows before the anchor's row in the list. */
  offset: number;
  /** The anchor row's sort key (as it comes from the database) and primary key. */
  key: string;
  pk: number;
  /** The group's kept count when the anchor was taken. */
  total: number;
  at: number;
};

export const ANCHOR_TTL_MS = 60_000;
/** Pages nearer the top than this are walked: the walk costs no more than the anchor's bookkeeping. */
export const ANCHOR_FROM_OFFSET = 1_000;
const ANCHORS_PER_LIST = 64;
const LISTS_PER_DATABASE = 256;

export class PageAnchors {
  private readonly lists = new Map<string, PageAnchor[]>();

  /** The nearest live anchor at or before `offset` in the list. */
  nearest(list: string, offset: number, now: number): PageAnchor | undefined {
    const anchors = this.lists.get(list);
    if (!anchors) return undefined;
    let best: PageAnchor | undefined;
    for (const a of anchors) {
      if (now - a.at > ANCHOR_TTL_MS || a.offset > offset) continue;
      if (!best || a.offset > best.offset) best = a;
    }
    return best;
  }

  remember(list: string, anchor: PageAnchor) {
    const kept = (this.lists.get(list) ?? []).filter(
      (a) => a.offset !== anchor.offset && anchor.at - a.at <= ANCHOR_TTL_MS && a.total === anchor.total,
    );
    kept.push(anchor);
    if (kept.length > ANCHORS_PER_LIST) kept.shift();
    // Re-inserted, so the Map's first entry is the list least recently anchored.
    this.lists.delete(list);
    this.lists.set(list, kept);
    if (this.lists.size > LISTS_PER_DATABASE) this.lists.delete(this.lists.keys().next().value!);
  }

  forget(list: string) {
    this.lists.delete(list);
  }
}

const byDatabase = new WeakMap<Db, PageAnchors>();

export function pageAnchorsOf(db: Db) {
  let anchors = byDatabase.get(db);
  if (!anchors) byDatabase.set(db, (anchors = new PageAnchors()));
  return anchors;
}
