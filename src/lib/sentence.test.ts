import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence';

describe('asSentence', () => {
  it('ends a message without a full stop with one', () => {
    expect(asSentence('Internal Server Error')).toBe('Internal Server Error.');
    expect(asSentence(' Service Unavailable ')).toBe('Service Unavailable.');
  });

  it('leaves a finished sentence as it is', () => {
    expect(asSentence('The draft was changed elsewhere.')).toBe('The draft was changed elsewhere.');
    expect(asSentence('Try again!')).toBe('Try again!');
    expect(asSentence('')).toBe('');
  });
});
