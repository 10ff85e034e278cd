import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  countParam,
  dateParam,
  directionAfterClick,
  filterValues,
  formValuesOf,
  listSearch,
  pageOf,
  sortOrder,
  textParam,
  useListSearch,
} from './list-search';

const fruit = sortOrder(['name', 'price'], 'price DESC');
const fruitSearch = listSearch(
  { page: countParam(), sort: fruit.param, name: textParam(5), from: dateParam(), ripe: z.boolean().optional() },
  { sort: fruit.defaultSort },
);

describe('list search params', () => {
  it('read a malformed value as absent instead of failing the route', () => {
    expect(fruitSearch.schema.parse({ page: 0, sort: 'colour ASC', name: 'x'.repeat(6), from: '2025-02-30' })).toEqual(
      {},
    );
    expect(fruitSearch.schema.parse({ page: 'two' }).page).toBeUndefined();
    expect(countParam(100).parse(101)).toBeUndefined();
  });

  it('read the page as a number, and text the router parsed as a number as text', () => {
    expect(fruitSearch.schema.parse({ page: '3', name: 123, from: '2025-01-31' })).toEqual({
      page: 3,
      name: '123',
      from: '2025-01-31',
    });
    expect(fruitSearch.schema.parse({ name: ' kiwi ' }).name).toBe('kiwi');
  });

  it('start on the first page', () => {
    expect(pageOf({})).toBe(1);
    expect(pageOf({ page: 4 })).toBe(4);
  });
});

describe('sortOrder', () => {
  it('reads the sort, or the server’s own order without one', () => {
    expect(fruit.parse(undefined)).toEqual({ field: 'price', direction: 'DESC' });
    expect(fruit.parse('name ASC')).toEqual({ field: 'name', direction: 'ASC' });
  });

  it('toggles the sorted column, starts another ascending and goes back to the first page', () => {
    expect(fruit.next({}, 'price')).toEqual({ sort: 'price ASC', page: 1 });
    expect(fruit.next({ sort: 'price ASC' }, 'price').sort).toBe('price DESC');
    expect(fruit.next({ sort: 'price ASC' }, 'name').sort).toBe('name ASC');
  });
});

describe('directionAfterClick', () => {
  it('starts another column ascending', () => {
    expect(directionAfterClick({ field: 'lastName', direction: 'ASC' }, 'firstName')).toBe('ASC');
    expect(directionAfterClick({ field: 'lastName', direction: 'DESC' }, 'dateOfBirth')).toBe('ASC');
  });

  it('flips the sorted column', () => {
    expect(directionAfterClick({ field: 'lastName', direction: 'ASC' }, 'lastName')).toBe('DESC');
    expect(directionAfterClick({ field: 'lastName', direction: 'DESC' }, 'lastName')).toBe('ASC');
  });
});

describe('compact', () => {
  it('leaves blanks, false and defaults out of the URL, and names every param so a write clears it', () => {
    expect(fruitSearch.compact({ page: 1, sort: 'price DESC', name: '', ripe: false })).toStrictEqual({
      page: undefined,
      sort: undefined,
      name: undefined,
      from: undefined,
      ripe: undefined,
    });
    expect(fruitSearch.compact({ page: 2, sort: 'name ASC', name: 'kiwi', ripe: true })).toMatchObject({
      page: 2,
      sort: 'name ASC',
      name: 'kiwi',
      ripe: true,
    });
  });

  it('round-trips through the schema', () => {
    const search = fruitSearch.schema.parse({ page: 2, sort: 'name ASC', name: 'fig' });
    expect(fruitSearch.schema.parse(fruitSearch.compact(search))).toEqual(search);
  });
});

describe('filter form values', () => {
  it('turn a blank field into no filter, and no filter into a blank field', () => {
    expect(filterValues({ name: '', from: '2025-01-01' })).toStrictEqual({ name: undefined, from: '2025-01-01' });
    expect(formValuesOf({ name: 'fig', page: 2 }, { name: '', from: '' })).toStrictEqual({ name: 'fig', from: '' });
  });
});

function renderList(initialEntry: string, options?: { keepOtherParams: boolean }) {
  function FruitList() {
    const [search, setSearch] = useListSearch(fruitSearch, options);
    return (
      <>
        <p>Page {pageOf(search)}</p>
        <button type="button" onClick={() => void setSearch({ name: 'fig', page: 1 })}>
          Figs
        </button>
        <button type="button" onClick={() => void setSearch(fruit.next(search, 'name'))}>
          By name
        </button>
      </>
    );
  }
  const rootRoute = createRootRoute();
  const fruits = createRoute({
    getParentRoute: () => rootRoute,
    path: '/fruits',
    validateSearch: (raw: Record<string, unknown>) => raw,
    component: FruitList,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([fruits]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useListSearch', () => {
  beforeEach(() => {
    // jsdom has no scrolling; the router resets the scroll position on navigation.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    return () => vi.restoreAllMocks();
  });

  it('reads the list’s params from the URL and writes a change as a new history entry without defaults', async () => {
    const user = userEvent.setup();
    const router = renderList('/fruits?page=3&sort=%22price%20DESC%22&other=1');
    expect(await screen.findByText('Page 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Figs' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'fig' }));
    await user.click(screen.getByRole('button', { name: 'By name' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'fig', sort: 'name ASC' }));

    await act(() => router.history.back());
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'fig' }));
  });

  it('keeps the params of the route the list does not own when asked to', async () => {
    const user = userEvent.setup();
    const router = renderList('/fruits?page=3&other=1', { keepOtherParams: true });
    await screen.findByText('Page 3');
    await user.click(screen.getByRole('button', { name: 'Figs' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'fig', other: 1 }));
  });
});
