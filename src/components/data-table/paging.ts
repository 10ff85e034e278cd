export function pageCountOf(recordCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(recordCount / pageSize));
}

/** The one-based page numbers to offer as links: a window of `links` pages around the current one. */
export function pageWindow(page: number, pageCount: number, links: number): number[] {
  const size = Math.min(links, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
