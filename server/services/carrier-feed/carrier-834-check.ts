// The check of an 834: every segment held against the structure the feed promises (envelope counts
// and control numbers, the segments each member loop must have, CCYYMMDD dates, the guide's element
// lengths through node-x12's validation rules). The writer checks the segments as it writes them; a
// file found stored but unchecked (its server stopped) is split into segments again and checked the
// same way. A file with any problem is not delivered.
import { StringDecoder } from 'node:string_decoder';
import { X12Element, X12ElementRule } from 'node-x12';
import { isIsoDate } from '../../lib/calendar';
import { IMPLEMENTATION_GUIDE, X12_OPTIONS, type Segment } from './carrier-834';

export type ParsedSegment = Segment;

/**
 * Segments of one of the feed's own files as tag and element values (element 1 at index 0), split on
 * its delimiters as the chunks arrive. node-x12 1.7.1's stream parser is not used here: it throws at
 * the end of every stream when strict, drops a last chunk shorter than an ISA segment, repeats a cached
 * partial segment once a later chunk ends on a terminator, and takes about 20 µs a segment (some 20 s
 * for a 100,000-member full file). Uploaded 999s, of unknown delimiters, go through its X12Parser.
 */
export async function* parseX12(input: AsyncIterable<Buffer>): AsyncGenerator<ParsedSegment> {
  for await (const segments of parseX12Chunks(input)) yield* segments;
}

/**
 * parseX12 a chunk at a time: the segments of each chunk in one array. A check of a million-member
 * file reads 13 million segments, and one async step per segment cost more than the check itself.
 */
export async function* parseX12Chunks(input: AsyncIterable<Buffer>): AsyncGenerator<ParsedSegment[]> {
  const { elementDelimiter, segmentTerminator } = X12_OPTIONS;
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const split = (raw: string): ParsedSegment | null => {
    const text = raw.trim();
    if (!text) return null;
    const [tag = '', ...values] = text.split(elementDelimiter!);
    return { tag, values };
  };
  for await (const chunk of input) {
    const parts = (carry + decoder.write(chunk)).split(segmentTerminator!);
    carry = parts.pop() ?? '';
    const segments: ParsedSegment[] = [];
    for (const part of parts) {
      const seg = split(part);
      if (seg) segments.push(seg);
    }
    if (segments.length > 0) yield segments;
  }
  const rest = split(carry + decoder.end());
  // A segment without its terminator is still handed over; the envelope checks then fail on it.
  if (rest) yield [{ tag: `${rest.tag} (unterminated)`, values: rest.values }];
}

const el = (opts: Partial<X12ElementRule>) => new X12ElementRule({ engine: 'rule', ...opts } as X12ElementRule);
const oneOf = (...codes: string[]) =>
  new X12ElementRule({ engine: new RegExp(`^(${codes.join('|')})$`) } as X12ElementRule);
const any = el({ skip: true });
const len = (min: number, max: number) => el({ minMax: [min, max] });
const optional = (max: number) => el({ maxLength: max, allowBlank: true });
const ccyymmdd = new X12ElementRule({ engine: /^\d{8}$/ } as X12ElementRule);
const ssn = new X12ElementRule({ engine: /^\d{9}$/ } as X12ElementRule);
const stateCode = new X12ElementRule({ engine: /^[A-Z]{2}$/ } as X12ElementRule);

/** Element rules of the guide for the segments the feed writes; an element not listed is not checked. */
const RULES: Record<string, (X12ElementRule | undefined)[]> = {
  INS: [oneOf('Y', 'N'), oneOf('18', '01', '19', '53'), oneOf('021', '001', '024', '030'), len(2, 3), oneOf('A')],
  NM1: [oneOf('IL'), oneOf('1'), len(1, 60), len(1, 35), optional(25), any, any, oneOf('34'), ssn],
  N3: [len(1, 55), optional(55)],
  N4: [len(2, 30), stateCode, len(3, 15)],
  DMG: [oneOf('D8'), ccyymmdd, oneOf('M', 'F', 'U')],
  HD: [oneOf('021', '001', '024', '030'), any, oneOf('HLT', 'DEN', 'FSA'), optional(50), optional(3)],
  DTP: [len(3, 3), oneOf('D8'), ccyymmdd],
  REF: [len(2, 3), len(1, 50)],
  N1: [len(2, 3), len(1, 60), len(1, 2), len(2, 80)],
  PER: [oneOf('IP'), any, len(2, 2), len(1, 256), len(2, 2), len(1, 256)],
};

/**
 * A test that, when it passes, node-x12's assert of the rule passes too (see X12ElementRule.assert):
 * a pattern is its own test; a minMax range passes inside it; a rule without minMax or minLength
 * passes anything (node-x12 holds maxLength only beside minLength). Only a value that fails it is
 * asserted, so the problems read as node-x12 words them, and the millions of good elements of a
 * large file cost no element object or report.
 */
function passesSurely(rule: X12ElementRule): (value: string) => boolean {
  if (rule.skip) return () => true;
  const engine: unknown = rule.engine;
  if (engine instanceof RegExp) {
    // A global or sticky pattern keeps state between tests: leave those to assert.
    if (engine.global || engine.sticky) return () => false;
    // oneOf's ^(A|B)$ of plain codes matches exactly the codes themselves.
    const codes = /^\^\(([A-Za-z0-9]+(?:\|[A-Za-z0-9]+)*)\)\$$/.exec(engine.source);
    if (codes && !engine.ignoreCase) {
      const set = new Set(codes[1]!.split('|'));
      return (value) => set.has(value);
    }
    return (value) => engine.test(value);
  }
  if (rule.expect !== undefined || rule.checkType !== undefined || rule.padLength !== undefined) return () => false;
  if (Array.isArray(rule.minMax) && rule.minLength === undefined) {
    const [min, max] = rule.minMax as [number, number];
    return (value) => value.length >= min && value.length <= max;
  }
  if (rule.minMax === undefined && rule.minLength === undefined) return () => true;
  return () => false;
}

/** Shared by every segment without a problem; never written to. */
const NO_PROBLEMS: string[] = [];

const QUICK: Record<string, ((value: string) => boolean)[]> = Object.fromEntries(
  Object.entries(RULES).map(([tag, rules]) => [tag, rules.map((rule) => (rule ? passesSurely(rule) : () => true))]),
);

/**
 * Each element held to its node-x12 rule, so every error names its position. The rule is asserted
 * directly: an X12ValidationEngine per element costs sixteen times as much, and one shared engine
 * keeps the errors of earlier asserts in its report.
 */
function ruleProblems(seg: ParsedSegment, index: number): string[] {
  const rules = RULES[seg.tag];
  if (!rules) return [];
  const quick = QUICK[seg.tag]!;
  let problems: string[] | null = null;
  const values = seg.values;
  for (let i = 0; i < values.length; i++) {
    const rule = rules[i];
    if (!rule || rule.skip) continue;
    const value = values[i]!;
    if (quick[i]!(value)) continue;
    const report = rule.assert!(new X12Element(value), i + 1);
    if (report === true) continue;
    for (const e of report.elements ?? [])
      (problems ??= []).push(
        `Segment ${index} (${seg.tag}) element ${String(i + 1).padStart(2, '0')}: ${e.description.toLowerCase()}.`,
      );
  }
  return problems ?? NO_PROBLEMS;
}

/** A CCYYMMDD that names a day of the calendar (the element rules check only its form). */
const isCalendarDate = (value: string | undefined) =>
  !value || isIsoDate(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`);

/** The few thousand distinct dates of a file are each checked once. */
function calendarDateCheck() {
  const seen = new Map<string, boolean>();
  return (value: string | undefined) => {
    if (!value) return true;
    let ok = seen.get(value);
    if (ok === undefined) seen.set(value, (ok = isCalendarDate(value)));
    return ok;
  };
}

/** A member loop so far: which of the segments it must have were seen, and its coverages. */
type Loop = {
  index: number;
  has: { 'REF*0F': boolean; 'NM1*IL': boolean; DMG: boolean };
  hdCount: number;
  hdWithBegin: number;
  inHd: boolean;
};

export type CheckResult = {
  problems: string[];
  members: number;
  /** ST to SE inclusive. */
  segments: number;
  controlNumber: number | null;
};

const MAX_PROBLEMS = 50;

/**
 * Holds an 834 to the feed's structure, a segment at a time: the writer feeds it the segments it
 * writes, a read-back feeds it the segments parsed from stored bytes. `expectedControlNumber` is the
 * one the file was given.
 */
export class Check834 {
  private readonly problems: string[] = [];
  private readonly isDate = calendarDateCheck();
  private index = 0;
  private inTransaction = 0;
  private members = 0;
  private loop: Loop | null = null;
  private isa: string[] | null = null;
  private gs: string[] | null = null;
  private st: string[] | null = null;
  private readonly seen = { se: false, ge: false, iea: false };

  constructor(private readonly expectedControlNumber?: number) {}

  private report(p: string) {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(p);
  }

  private closeLoop() {
    const loop = this.loop;
    if (!loop) return;
    for (const tag of ['REF*0F', 'NM1*IL', 'DMG'] as const)
      if (!loop.has[tag]) this.report(`Member loop at segment ${loop.index} has no ${tag}.`);
    if (loop.hdCount === 0) this.report(`Member loop at segment ${loop.index} has no HD coverage.`);
    else if (loop.hdWithBegin < loop.hdCount)
      this.report(`Member loop at segment ${loop.index} has an HD without DTP*348.`);
    this.loop = null;
  }

  add(seg: Segment): void {
    const index = ++this.index;
    if (this.st && !this.seen.se) this.inTransaction++;
    for (const p of ruleProblems(seg, index)) this.report(p);
    const v = seg.values;
    switch (seg.tag) {
      case 'ISA':
        this.isa = v;
        break;
      case 'GS':
        this.gs = v;
        if (v[0] !== 'BE' || v[7] !== IMPLEMENTATION_GUIDE) this.report('GS must be BE with version 005010X220A1.');
        break;
      case 'ST':
        this.st = v;
        this.inTransaction = 1;
        if (v[0] !== '834' || v[2] !== IMPLEMENTATION_GUIDE) this.report('ST must be an 834 of 005010X220A1.');
        break;
      case 'INS':
        this.closeLoop();
        this.members++;
        this.loop = {
          index,
          has: { 'REF*0F': false, 'NM1*IL': false, DMG: false },
          hdCount: 0,
          hdWithBegin: 0,
          inHd: false,
        };
        break;
      case 'HD':
        if (this.loop) {
          this.loop.hdCount++;
          this.loop.inHd = true;
        }
        break;
      case 'DTP':
        if (!this.isDate(v[2])) this.report(`Segment ${index} (DTP*${v[0]}) has no real CCYYMMDD date.`);
        if (this.loop?.inHd && v[0] === '348') this.loop.hdWithBegin++;
        break;
      case 'DMG':
        if (!this.isDate(v[1])) this.report(`Segment ${index} (DMG) has no real CCYYMMDD date.`);
        break;
      case 'SE':
        this.closeLoop();
        this.seen.se = true;
        if (Number(v[0]) !== this.inTransaction)
          this.report(`SE counts ${v[0]} segments; the transaction has ${this.inTransaction}.`);
        if (v[1] !== this.st?.[1]) this.report('SE control number does not match ST.');
        break;
      case 'GE':
        this.seen.ge = true;
        if (v[0] !== '1' || v[1] !== this.gs?.[5]) this.report('GE must count 1 transaction and repeat GS06.');
        break;
      case 'IEA':
        this.seen.iea = true;
        if (v[0] !== '1' || Number(v[1]) !== Number(this.isa?.[12]))
          this.report('IEA must count 1 group and repeat ISA13.');
        break;
    }
    // Flags rather than a set of every segment's tag: 13 million segments in a million-member file.
    const loop = this.loop;
    if (loop) {
      if (seg.tag === 'REF' && v[0] === '0F') loop.has['REF*0F'] = true;
      else if (seg.tag === 'NM1' && v[0] === 'IL') loop.has['NM1*IL'] = true;
      else if (seg.tag === 'DMG') loop.has.DMG = true;
    }
  }

  /** The problems found, once every segment has been added. */
  result(): CheckResult {
    const { isa, gs, st, seen, expectedControlNumber } = this;
    const problems = [...this.problems];
    const report = (p: string) => {
      if (problems.length < MAX_PROBLEMS) problems.push(p);
    };
    if (!isa || !gs || !st) report('The file has no ISA, GS or ST header.');
    if (!seen.se || !seen.ge || !seen.iea) report('The file has no SE, GE or IEA trailer.');
    const controlNumber = gs ? Number(gs[5]) : null;
    if (gs && isa && st && (Number(isa[12]) !== controlNumber || Number(st[1]) !== controlNumber))
      report('ISA13, GS06 and ST02 must carry the same control number.');
    if (expectedControlNumber !== undefined && controlNumber !== expectedControlNumber)
      report(`The control number is ${controlNumber}; the file was given ${expectedControlNumber}.`);
    if (this.members === 0) report('The file lists no member.');
    return { problems, members: this.members, segments: this.inTransaction, controlNumber };
  }
}

/** Holds a parsed 834 to the feed's structure; `expectedControlNumber` is the one the file was given. */
export async function check834(
  segments: AsyncIterable<ParsedSegment> | AsyncIterable<ParsedSegment[]>,
  expectedControlNumber?: number,
): Promise<CheckResult> {
  const check = new Check834(expectedControlNumber);
  for await (const item of segments) {
    if (Array.isArray(item)) for (const seg of item) check.add(seg);
    else check.add(item);
  }
  return check.result();
}
