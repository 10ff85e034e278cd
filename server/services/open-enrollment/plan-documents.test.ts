import { describe, expect, it } from 'vitest';
import { SBC_MAX_BYTES, SBC_MESSAGES } from '../../../src/contracts/plan-years';
import { sbcRefusal } from './plan-documents';

const pdfOf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n', 'latin1');
  return bytes;
};

describe('sbcRefusal', () => {
  it('takes a PDF of up to 10 MB and nothing larger', () => {
    expect(sbcRefusal(pdfOf(SBC_MAX_BYTES))).toBeNull();
    expect(sbcRefusal(pdfOf(SBC_MAX_BYTES + 1))).toBe(SBC_MESSAGES.tooLarge);
  });

  it('judges by the signature at the very start, not by a name or a signature further in', () => {
    expect(sbcRefusal(Buffer.from('%PDF-'))).toBeNull();
    expect(sbcRefusal(Buffer.from('%PDF'))).toBe(SBC_MESSAGES.notPdf);
    expect(sbcRefusal(Buffer.from(' %PDF-1.7'))).toBe(SBC_MESSAGES.notPdf);
    expect(sbcRefusal(Buffer.from('%pdf-1.7'))).toBe(SBC_MESSAGES.notPdf);
    expect(sbcRefusal(Buffer.alloc(0))).toBe(SBC_MESSAGES.empty);
  });
});
