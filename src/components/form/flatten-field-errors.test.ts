import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { messagesOf } from './field-messages';
import { flattenFieldErrors, sortByFieldOrder } from './flatten-field-errors';

describe('messagesOf', () => {
  it('gives the first failing rule’s message only, of criteriaMode all too', () => {
    expect(
      messagesOf({ message: 'a', types: { too_small: 'a', invalid_format: ['b', 'c'], custom: true } } as never),
    ).toEqual(['a']);
    expect(messagesOf({ types: { custom: true, invalid_format: ['b', 'c'] } } as never)).toEqual(['b']);
    expect(messagesOf({ message: 'only' } as never)).toEqual(['only']);
    expect(messagesOf(undefined)).toEqual([]);
  });
});

describe('flattenFieldErrors', () => {
  const errors = {
    lastName: { type: 'x', message: 'L', ref: { name: 'lastName' } },
    dependents: [
      undefined,
      { ssn: { type: 'x', message: 'S1', types: { a: 'S1', b: 'S2' } }, firstName: { type: 'y', message: 'F' } },
    ],
    FSAElections: { root: { type: 'custom', message: 'Add at least one FSA election, or answer No.' } },
  } as unknown as FieldErrors;

  it('gives one entry per field, its first message, with the field path', () => {
    expect(flattenFieldErrors(errors)).toEqual([
      { name: 'lastName', message: 'L' },
      { name: 'dependents.1.ssn', message: 'S1' },
      { name: 'dependents.1.firstName', message: 'F' },
      { name: 'FSAElections.root', message: 'Add at least one FSA election, or answer No.' },
    ]);
  });

  it('orders by the form field order, dependents by index first', () => {
    const sorted = sortByFieldOrder(
      [
        { name: 'dependents.1.ssn', message: 'S' },
        { name: 'dependents.0.lastName', message: 'L0' },
        { name: 'dependents.1.firstName', message: 'F' },
      ],
      ['dependents.#.firstName', 'dependents.#.lastName', 'dependents.#.ssn'],
    );
    expect(sorted.map((m) => m.message)).toEqual(['L0', 'F', 'S']);
  });
});
