import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow } from './paging';

describe('pageWindow', () => {
  it('offers four page links around the current page', () => {
    expect(pageWindow(1, 9, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 9, 4)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(9, 9, 4)).toEqual([6, 7, 8, 9]);
  });

  it('centres five page links on the current page, except at the edges', () => {
    expect(pageWindow(1, 9, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 9, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9, 5)).toEqual([5, 6, 7, 8, 9]);
  });

  it('offers fewer links when there are fewer pages', () => {
    expect(pageWindow(1, 2, 4)).toEqual([1, 2]);
    expect(pageWindow(1, 1, 4)).toEqual([1]);
  });
});

describe('pageCountOf', () => {
  it('counts a partly filled last page and keeps one page for an empty list', () => {
    expect(pageCountOf(57, 20)).toBe(3);
    expect(pageCountOf(60, 20)).toBe(3);
    expect(pageCountOf(0, 20)).toBe(1);
  });
});
