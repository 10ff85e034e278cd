import { describe, expect, it } from 'vitest';
import { directionAfterClick } from './sort-direction';

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
