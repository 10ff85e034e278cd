// COPY's text format turned into the census file's bytes, in the census's worker
// (./census-copy-worker.ts).
/** What COPY's text format writes after a backslash, by the byte it stands for (b f n r t v). */
const COPY_ESCAPES: Record<number, number> = { 98: 8, 102: 12, 110: 10, 114: 13, 116: 9, 118: 11 };
const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Turns COPY's text output (one column: the CSV record) into the file's bytes: each line ends in CR
 * LF, and the escapes COPY writes (a backslash before a backslash, or a letter for a control
 * character) are undone. Records are rarely escaped, so a chunk without a backslash is only split at
 * its line breaks. A chunk may end inside an escape: its backslash waits for the next chunk.
 */
export class CopyTextToCsv {
  rows = 0;
  private carry: Buffer | null = null;

  convert(input: Buffer): Buffer {
    const chunk = this.carry ? Buffer.concat([this.carry, input]) : input;
    this.carry = null;
    let lines = 0;
    for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) lines++;
    this.rows += lines;
    const out = Buffer.allocUnsafe(chunk.length + lines);
    let to = 0;
    if (chunk.indexOf(BACKSLASH) === -1) {
      let from = 0;
      for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) {
        to += chunk.copy(out, to, from, i);
        out[to++] = CR;
        out[to++] = LF;
        from = i + 1;
      }
      chunk.copy(out, to, from);
      return out;
    }
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === BACKSLASH) {
        if (i + 1 === chunk.length) {
          this.carry = Buffer.from([BACKSLASH]);
          break;
        }
        const next = chunk[++i]!;
        out[to++] = COPY_ESCAPES[next] ?? next;
      } else if (byte === LF) {
        out[to++] = CR;
        out[to++] = LF;
      } else {
        out[to++] = byte;
      }
    }
    return out.subarray(0, to);
  }
}
