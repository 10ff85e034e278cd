import { describe, expect, it } from 'vitest';
import { ANCHOR_TTL_MS, PageAnchors, type PageAnchor } from './page-anchors';

const anchor = (offset: number, at = 0, total = 5000): PageAnchor => ({
  offset,
  key: `k${offset}`,
  pk: offset,
  total,
  at,
});

describe('PageAnchors', () => {
  it('gives the nearest anchor at or before the page, of that list only', () => {
    const anchors = new PageAnchors();
    for (const offset of [1000, 3000, 2000]) anchors.remember('6 lastName active', anchor(offset));
    expect(anchors.nearest('6 lastName active', 2500, 10)?.offset).toBe(2000);
    expect(anchors.nearest('6 lastName active', 3000, 10)?.offset).toBe(3000);
    expect(anchors.nearest('6 lastName active', 999, 10)).toBeUndefined();
    expect(anchors.nearest('6 lastName all', 2500, 10)).toBeUndefined();
  });

  it('lets anchors expire, and drops those taken at another count of the group', () => {
    const anchors = new PageAnchors();
    anchors.remember('l', anchor(1000, 0));
    expect(anchors.nearest('l', 1500, ANCHOR_TTL_MS)).toBeDefined();
    expect(anchors.nearest('l', 1500, ANCHOR_TTL_MS + 1)).toBeUndefined();
    anchors.remember('l', anchor(2000, 10));
    anchors.remember('l', anchor(3000, 20, 5001));
    expect(anchors.nearest('l', 2500, 30)).toBeUndefined();
    expect(anchors.nearest('l', 3500, 30)?.offset).toBe(3000);
    anchors.forget('l');
    expect(anchors.nearest('l', 3500, 30)).toBeUndefined();
  });

  it('keeps a bounded number of anchors per list', () => {
    const anchors = new PageAnchors();
    for (let i = 1; i <= 100; i++) anchors.remember('l', anchor(i * 1000, i));
    expect(anchors.nearest('l', 10_000, 100)).toBeUndefined();
    expect(anchors.nearest('l', 40_000, 100)?.offset).toBe(40_000);
  });
});
