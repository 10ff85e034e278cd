import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text';

const LINE = 'Employee Key,First Name,Last Name\r\n1,François,Muñoz\r\n';

/** The line in Windows-1252: every character of it is in Latin-1, which 1252 extends. */
const win1252 = (text: string) => Buffer.from(text, 'latin1');

describe('decodeText', () => {
  it('reads UTF-8 without a BOM', () => {
    expect(decodeText(Buffer.from(LINE, 'utf8'))).toEqual({ text: LINE, encoding: 'UTF-8' });
  });

  it('reads UTF-8 with a BOM and removes it', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(LINE, 'utf8')]);
    expect(decodeText(bytes)).toEqual({ text: LINE, encoding: 'UTF-8 with BOM' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeText(win1252(LINE))).toEqual({ text: LINE, encoding: 'Windows-1252' });
    // 0x80 and 0x92 are where 1252 differs from Latin-1: the euro sign and the curly apostrophe.
    expect(decodeText(Buffer.from([0x80, 0x20, 0x4f, 0x92, 0x42])).text).toBe('€ O’B');
  });

  it('reads UTF-16 with either BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LINE, 'utf16le')]);
    expect(decodeText(le)).toEqual({ text: LINE, encoding: 'UTF-16 LE with BOM' });
    const be = Buffer.from(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LINE, 'utf16le')]).swap16());
    expect(decodeText(be)).toEqual({ text: LINE, encoding: 'UTF-16 BE with BOM' });
  });

  it('keeps a multi-byte character that straddles a 64 KiB boundary intact', () => {
    const head = 'a'.repeat(64 * 1024 - 1);
    const text = `${head}ñ${'b'.repeat(100)}é`;
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.subarray(64 * 1024 - 1, 64 * 1024 + 1)).toEqual(Buffer.from('ñ', 'utf8'));
    expect(decodeText(bytes)).toEqual({ text, encoding: 'UTF-8' });
  });

  it('does not let one stray byte late in the file turn earlier UTF-8 into mojibake', () => {
    // A single 1252 byte anywhere makes the whole file 1252: decoded once, not chunk by chunk.
    const bytes = Buffer.concat([Buffer.from('x'.repeat(200_000)), win1252('é')]);
    const { text, encoding } = decodeText(bytes);
    expect(encoding).toBe('Windows-1252');
    expect(text.endsWith('xé')).toBe(true);
  });
});
