// A text upload's bytes as one string. Census files come from Excel ("CSV UTF-8" with a BOM, or plain
// "CSV" in the Windows code page), from payroll systems (UTF-8, sometimes UTF-16) and from Notepad.
// The whole buffer is decoded in one call: decoding in chunks would split a character at a boundary.

export type TextEncodingName =
  'UTF-8' | 'UTF-8 with BOM' | 'UTF-16 LE with BOM' | 'UTF-16 BE with BOM' | 'Windows-1252';

/**
 * Windows-1252's characters at 0x80–0x9F (the five holes keep their C1 code). Node's TextDecoder
 * for 'windows-1252' decodes these bytes as Latin-1 C1 controls (0x92 as U+0092, not ’), so the
 * decoder's output is put right afterwards; when Node is fixed this finds nothing to replace.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Buffer): string {
  const text = new TextDecoder('windows-1252').decode(bytes);
  return text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

export function decodeText(bytes: Buffer): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return {
      text: new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes.subarray(2)),
      encoding: 'UTF-16 LE with BOM',
    };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return {
      text: new TextDecoder('utf-16be', { ignoreBOM: true }).decode(bytes.subarray(2)),
      encoding: 'UTF-16 BE with BOM',
    };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    // Strict: one invalid sequence means the file is not UTF-8, rather than text with U+FFFD in it.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes);
    return { text, encoding: bom ? 'UTF-8 with BOM' : 'UTF-8' };
  } catch {
    // Windows-1252 maps every byte, so this never fails: Excel's "CSV" on US Windows is written in it.
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}
