import { describe, expect, it } from 'vitest';
import { INT32_MAX, TEXT_CHARACTERS_MESSAGE, id, isStorableText, pk, text } from './common';

describe('id', () => {
  it('takes positive integers up to the largest 32-bit key', () => {
    for (const value of [1, 42, INT32_MAX]) expect(id.parse(value)).toBe(value);
  });

  it('refuses what the key columns cannot hold or no record has', () => {
    for (const value of [0, -1, 1.5, INT32_MAX + 1, 2 ** 32, 2 ** 53, 1e308, NaN, Infinity, '1', null]) {
      expect(id.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('reads query text as numbers, with the same bounds', () => {
    expect(pk.parse('7')).toBe(7);
    expect(pk.parse(String(INT32_MAX))).toBe(INT32_MAX);
    for (const value of ['2147483648', '9007199254740993', '1e308', 'NaN', 'abc', '', '0', '-1', '1.5']) {
      expect(pk.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('text', () => {
  const name = text(25);

  it('takes any text up to its length, surrogate pairs (emoji) included', () => {
    for (const value of ['', 'O’Brien', 'Zoë', 'José 🙂', 'a\tb\nc', 'x'.repeat(25)]) {
      expect(name.parse(value)).toBe(value);
    }
  });

  it('refuses text longer than its maximum', () => {
    expect(name.safeParse('x'.repeat(26)).success).toBe(false);
    expect(text(5, 'Max 5 characters allowable.').safeParse('123456').error?.issues[0]?.message).toBe(
      'Max 5 characters allowable.',
    );
  });

  it('refuses NUL and lone surrogates with one clear message', () => {
    for (const value of ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\uDBFF', '\uDC00\uD800', 'end\uD83D']) {
      const result = name.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([TEXT_CHARACTERS_MESSAGE]);
    }
  });

  it('tells storable text apart', () => {
    expect(isStorableText('\uD83D\uDE42')).toBe(true);
    expect(isStorableText('\uDE42\uD83D')).toBe(false);
    expect(isStorableText('\u0000')).toBe(false);
  });
});
