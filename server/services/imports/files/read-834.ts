// Reading an X12 834 (005010X220A1) benefit enrollment file, such as a full (030 audit) file from
// another administrator, one member loop at a time. The ISA tells the delimiters; segments are then
// cut from the chunks as they arrive (only the unfinished tail of a chunk is kept), so a 100,000-member
// file never sits in memory whole, and neither do its members. node-x12's parsers are not used: its
// X12Parser builds the whole interchange, and its stream parser collects every segment (see also
// carrier-834-check.ts for its other problems).
//
// Liberal in what it accepts: any delimiters the ISA declares, a terminator with or without line
// breaks after it (or a line break as the terminator), a byte order mark, segments it does not know.
// Strict about what makes the file unusable: no ISA, a transaction set that is not an 834, a missing
// SE or IEA, an SE that counts wrong, a member loop without its NM1*IL.
import { StringDecoder } from 'node:string_decoder';

export type Roster834Coverage = {
  /** HD03: HLT, DEN, VIS, FSA… */
  insuranceLine: string;
  /** HD04, or the loop's REF*1L when HD04 is empty. */
  planCode: string;
  /** HD05: EMP, ESP, ECH, FAM… */
  coverageLevel: string;
  /** DTP*348, yyyy-MM-dd. */
  begin: string | null;
  /** DTP*349, yyyy-MM-dd. */
  end: string | null;
};

export type Roster834Member = {
  /** INS02: 18 self, 01 spouse, 19 child, 53 domestic partner… */
  relationshipCode: string;
  /** INS03: 030 audit, 021 addition, 001 change, 024 termination. */
  maintenanceType: string;
  /** REF*0F subscriber identifier. */
  subscriberKey: string;
  /** 123-45-6789 (NM108 34); an NM109 that is not nine digits is kept as written, for validation to report. */
  ssn: string | null;
  /** REF*23, or NM109 when it is not an SSN. */
  memberId: string | null;
  lastName: string;
  firstName: string;
  middleName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  /** 12345 or 12345-6789. */
  zip: string;
  /** Digits of the first telephone of the PER*IP (HP, WP, TE, CP…). */
  phone: string;
  email: string;
  /** yyyy-MM-dd (DMG02); a date not written as CCYYMMDD is kept as written, for validation to report. */
  dateOfBirth: string | null;
  /** DMG03: M, F or U. */
  gender: string;
  /** DMG04 as written (I, M, S, D, B, R, U, W, X). */
  maritalStatus: string;
  /** DTP*336, yyyy-MM-dd. */
  dateOfHire: string | null;
  coverages: Roster834Coverage[];
  /** Position of the loop's INS in the file (the ISA is 1; one segment a line, it is the line number). */
  segmentNumber: number;
};

export type Roster834Header = {
  /** N1*P5 N102. */
  sponsorName: string;
  /** N1*P5 N104 when N103 is FI (the tax ID, as written). */
  sponsorTaxId: string | null;
  /** N1*IN N102. */
  payerName: string;
  /** BGN01: 00 original, 15 re-submission, 22 information copy. */
  purpose: string;
  /** BGN08: 4 = verify, 2 = change, RX = replace. */
  actionCode: string;
  /** BGN03 (creation date of the transaction set), yyyy-MM-dd. */
  fileDate: string | null;
};

export type Read834Event = { kind: 'header'; header: Roster834Header } | { kind: 'member'; member: Roster834Member };

export class X12FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'X12FormatError';
  }
}

/** A segment longer than this has no terminator where the ISA says; the tail kept between chunks stays bounded. */
const MAX_SEGMENT_CHARS = 64 * 1024;
/** An ISA is 106 characters; one with unpadded elements is shorter, one much longer is not an ISA. */
const MAX_ISA_CHARS = 200;

type Delimiters = { element: string; component: string; terminator: string };

/** yyyy-MM-dd from CCYYMMDD; anything else as written (null when empty). */
function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
}

function formatSsn(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 9 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}

function formatZip(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value;
}

const PHONE_QUALIFIERS = new Set(['HP', 'WP', 'TE', 'CP', 'BN', 'EX']);

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13 || code === 0xfeff;

/** The delimiters an ISA declares: ISA's 4th character, the one after the 16th element separator, and the next. */
function readIsa(text: string): { delimiters: Delimiters; length: number } | 'more' | null {
  if (text.length < 4) return 'ISA'.startsWith(text) ? 'more' : null;
  if (!text.startsWith('ISA')) return null;
  const element = text[3]!;
  if (/[\sA-Za-z0-9]/.test(element)) return null;
  let seen = 0;
  for (let i = 3; i < text.length && i < MAX_ISA_CHARS; i++) {
    if (text[i] !== element) continue;
    seen++;
    if (seen < 16) continue;
    if (i + 2 >= text.length) return 'more';
    const component = text[i + 1]!;
    const terminator = text[i + 2]!;
    if (component === element || terminator === element || terminator === component) return null;
    return { delimiters: { element, component, terminator }, length: i + 3 };
  }
  return text.length < MAX_ISA_CHARS ? 'more' : null;
}

const emptyMember = (segmentNumber: number, ins: string[]): Roster834Member => ({
  relationshipCode: ins[2] ?? '',
  maintenanceType: ins[3] ?? '',
  subscriberKey: '',
  ssn: null,
  memberId: null,
  lastName: '',
  firstName: '',
  middleName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  email: '',
  dateOfBirth: null,
  gender: '',
  maritalStatus: '',
  dateOfHire: null,
  coverages: [],
  segmentNumber,
});

/**
 * The state of one interchange read: fed segments (already split into elements, the tag at index 0),
 * it returns what is complete. Kept apart from the byte handling so each is simple.
 */
class Reader834 {
  private segmentNumber = 0;
  private isaAt = 0;
  private ieaSeen = true;
  private stAt = 0;
  private transactionSets = 0;
  private inTransaction = 0;
  private header: Roster834Header | null = null;
  private headerSent = false;
  private n1 = '';
  private member: Roster834Member | null = null;
  private hasName = false;
  private memberRef23: string | null = null;
  private nm1Id: string | null = null;
  /** The loop the member's segments belong to: INS, an NM1's entity code (IL, 31, 70…), HD, LX, LS. */
  private loop = '';
  private coverage: Roster834Coverage | null = null;
  private coverageRef1L = '';

  private where(tag: string) {
    return `Segment ${this.segmentNumber} (${tag})`;
  }

  /** An ISA where one may begin: at the start, or after an IEA. */
  isa() {
    this.segmentNumber++;
    this.isaAt = this.segmentNumber;
    this.ieaSeen = false;
  }

  /** What this segment completes: the header, a member, or nothing. */
  segment(e: string[], out: Read834Event[]) {
    this.segmentNumber++;
    const tag = e[0]!;
    if (this.stAt) this.inTransaction++;
    switch (tag) {
      case 'ISA':
        throw new X12FormatError(`${this.where(tag)}: the interchange begun at segment ${this.isaAt} has no IEA.`);
      case 'ST':
        if (this.stAt)
          throw new X12FormatError(`${this.where(tag)}: the transaction set begun at segment ${this.stAt} has no SE.`);
        if (e[1] !== '834')
          throw new X12FormatError(
            `This is not an X12 834 file: segment ${this.segmentNumber} (ST) begins a transaction set ${e[1] || '(none)'}.`,
          );
        this.stAt = this.segmentNumber;
        this.inTransaction = 1;
        this.transactionSets++;
        this.header = {
          sponsorName: '',
          sponsorTaxId: null,
          payerName: '',
          purpose: '',
          actionCode: '',
          fileDate: null,
        };
        this.headerSent = false;
        this.n1 = '';
        return;
      case 'SE': {
        this.requireTransaction(tag);
        this.flushHeader(out);
        this.flushMember(out);
        const counted = Number(e[1]);
        if (!/^\d+$/.test(e[1] ?? '') || counted !== this.inTransaction)
          throw new X12FormatError(
            `${this.where(tag)} counts ${e[1] || 'no'} segments; the transaction set begun at segment ${this.stAt} has ${this.inTransaction}.`,
          );
        this.stAt = 0;
        this.inTransaction = 0;
        return;
      }
      case 'GE':
      case 'IEA':
        if (this.stAt)
          throw new X12FormatError(`${this.where(tag)}: the transaction set begun at segment ${this.stAt} has no SE.`);
        if (tag === 'IEA') this.ieaSeen = true;
        return;
    }
    if (!this.stAt) return; // GS, or anything else outside a transaction set
    if (tag === 'INS') {
      this.flushHeader(out);
      this.flushMember(out);
      this.member = emptyMember(this.segmentNumber, e);
      this.loop = 'INS';
      return;
    }
    if (this.member) this.memberSegment(tag, e);
    else this.headerSegment(tag, e);
  }

  private requireTransaction(tag: string) {
    if (!this.stAt) throw new X12FormatError(`${this.where(tag)} ends a transaction set that has no ST.`);
  }

  private headerSegment(tag: string, e: string[]) {
    const h = this.header!;
    if (tag === 'BGN') {
      h.purpose = e[1] ?? '';
      h.fileDate = isoDate(e[3]);
      h.actionCode = e[8] ?? '';
    } else if (tag === 'N1') {
      this.n1 = e[1] ?? '';
      if (this.n1 === 'P5') {
        h.sponsorName = e[2] ?? '';
        h.sponsorTaxId = e[3] === 'FI' && e[4] ? e[4] : null;
      } else if (this.n1 === 'IN') h.payerName = e[2] ?? '';
    }
  }

  private memberSegment(tag: string, e: string[]) {
    const m = this.member!;
    // The 2000 loop's references and dates come before its NM1*IL; some writers put them after.
    const own = this.loop === 'INS' || this.loop === 'IL';
    switch (tag) {
      case 'REF':
        if (this.loop === 'HD') {
          if (e[1] === '1L') this.coverageRef1L = e[2] ?? '';
        } else if (own) {
          if (e[1] === '0F') m.subscriberKey = e[2] ?? '';
          else if (e[1] === '23') this.memberRef23 = e[2] || null;
        }
        return;
      case 'DTP':
        if (own && e[1] === '336') m.dateOfHire = this.date(e);
        else if (this.loop === 'HD' && this.coverage) {
          if (e[1] === '348') {
            this.coverage.begin = this.date(e);
            if (e[2] === 'RD8') this.coverage.end ??= isoDate(e[3]?.split('-')[1]);
          } else if (e[1] === '349') this.coverage.end = this.date(e, true);
        }
        return;
      case 'NM1':
        this.loop = e[1] ?? '';
        if (this.loop === 'IL') {
          this.hasName = true;
          m.lastName = e[3] ?? '';
          m.firstName = e[4] ?? '';
          m.middleName = e[5] ?? '';
          if (e[8] === '34' && e[9]) m.ssn = formatSsn(e[9]);
          else this.nm1Id = e[9] || null;
        }
        return;
      case 'PER':
        if (this.loop !== 'IL') return;
        for (let i = 3; i + 1 < e.length; i += 2) {
          const qualifier = e[i]!;
          const value = e[i + 1] ?? '';
          if (qualifier === 'EM' && !m.email) m.email = value;
          else if (PHONE_QUALIFIERS.has(qualifier) && !m.phone) m.phone = value.replace(/\D/g, '');
        }
        return;
      case 'N3':
        if (this.loop !== 'IL') return;
        m.address1 = e[1] ?? '';
        m.address2 = e[2] ?? '';
        return;
      case 'N4':
        if (this.loop !== 'IL') return;
        m.city = e[1] ?? '';
        m.state = e[2] ?? '';
        m.zip = formatZip(e[3] ?? '');
        return;
      case 'DMG':
        if (this.loop !== 'IL') return;
        m.dateOfBirth = isoDate(e[2]);
        m.gender = e[3] ?? '';
        m.maritalStatus = e[4] ?? '';
        return;
      case 'HD':
        this.closeCoverage();
        this.loop = 'HD';
        this.coverage = {
          insuranceLine: e[3] ?? '',
          planCode: e[4] ?? '',
          coverageLevel: e[5] ?? '',
          begin: null,
          end: null,
        };
        m.coverages.push(this.coverage);
        return;
      case 'LX':
      case 'LS':
      case 'COB':
        // 2310 provider, 2700 reporting categories, 2320 coordination of benefits: not read.
        this.loop = tag;
        return;
    }
  }

  /** DTP03 as yyyy-MM-dd: a D8 date, or the begin (or `end`) of an RD8 range. */
  private date(e: string[], end = false): string | null {
    const value = e[3];
    if (e[2] === 'RD8' && value) return isoDate(value.split('-')[end ? 1 : 0]);
    return isoDate(value);
  }

  private closeCoverage() {
    if (this.coverage && !this.coverage.planCode) this.coverage.planCode = this.coverageRef1L;
    this.coverage = null;
    this.coverageRef1L = '';
  }

  private flushHeader(out: Read834Event[]) {
    if (this.headerSent || !this.header) return;
    out.push({ kind: 'header', header: this.header });
    this.headerSent = true;
  }

  private flushMember(out: Read834Event[]) {
    const m = this.member;
    if (!m) return;
    this.closeCoverage();
    if (!this.hasName)
      throw new X12FormatError(
        `Segment ${m.segmentNumber} (INS): the member loop has no NM1*IL segment with the member's name.`,
      );
    m.memberId = this.memberRef23 ?? this.nm1Id;
    out.push({ kind: 'member', member: m });
    this.member = null;
    this.hasName = false;
    this.memberRef23 = null;
    this.nm1Id = null;
    this.loop = '';
  }

  end() {
    if (this.stAt)
      throw new X12FormatError(`The file ends inside the transaction set begun at segment ${this.stAt}: it has no SE.`);
    if (!this.ieaSeen)
      throw new X12FormatError(`The file ends without the IEA of the interchange begun at segment ${this.isaAt}.`);
    if (this.transactionSets === 0)
      throw new X12FormatError('This is not an X12 834 file: it has no ST transaction set.');
  }
}

/** How much of a file given whole is decoded and read at a time. */
const PIECE_BYTES = 64 * 1024;

/**
 * The source in chunks. A file given whole is read in pieces too: decoded and cut at once, a
 * 100,000-member file would hold every member (and the whole text they are sliced from) before the
 * first one was given.
 */
async function* chunksOf(source: AsyncIterable<Buffer | string> | Buffer): AsyncGenerator<Buffer | string> {
  if (!Buffer.isBuffer(source)) return yield* source;
  for (let at = 0; at < source.length; at += PIECE_BYTES) yield source.subarray(at, at + PIECE_BYTES);
}

/**
 * The header of each 834 transaction set (once its 1000A/1000B loops are read) and its members, one
 * per 2000 loop, each given when the next INS or the SE arrives. Throws X12FormatError when the file
 * is no usable 834.
 */
export async function* read834(source: AsyncIterable<Buffer | string> | Buffer): AsyncGenerator<Read834Event> {
  const decoder = new StringDecoder('utf8');
  let delimiters: Delimiters | null = null;
  const reader = new Reader834();
  let text = '';
  let started = false;
  const out: Read834Event[] = [];

  /** Cuts the complete segments off `text`, leaving the unfinished tail. */
  const consume = (final: boolean) => {
    let pos = 0;
    for (;;) {
      while (pos < text.length && isSpace(text.charCodeAt(pos))) pos++;
      if (pos >= text.length) break;
      if (!delimiters) {
        const isa = readIsa(text.slice(pos, pos + MAX_ISA_CHARS));
        if (isa === 'more' && !final) break;
        if (isa === null || isa === 'more') {
          const what = started
            ? 'after the IEA, the rest of the file is no X12 interchange'
            : 'it does not begin with an ISA segment';
          throw new X12FormatError(`This is not an X12 834 file: ${what}.`);
        }
        started = true;
        delimiters = isa.delimiters;
        reader.isa();
        pos += isa.length;
        continue;
      }
      const end = text.indexOf(delimiters.terminator, pos);
      if (end < 0) {
        if (text.length - pos > MAX_SEGMENT_CHARS)
          throw new X12FormatError(
            `This is not an X12 834 file: a segment runs past ${MAX_SEGMENT_CHARS} characters without the terminator the ISA declares.`,
          );
        if (!final) break;
      }
      const cut = end < 0 ? text.length : end;
      let last = cut;
      while (last > pos && isSpace(text.charCodeAt(last - 1))) last--;
      const raw = text.slice(pos, last);
      pos = end < 0 ? text.length : end + 1;
      if (!raw) continue;
      const elements = raw.split(delimiters.element);
      reader.segment(elements, out);
      if (elements[0] === 'IEA') delimiters = null; // another interchange may follow, with its own
    }
    text = pos >= text.length ? '' : text.slice(pos);
  };

  for await (const chunk of chunksOf(source)) {
    text += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    consume(false);
    for (const event of out) yield event;
    out.length = 0;
  }
  text += decoder.end();
  consume(true);
  for (const event of out) yield event;
  out.length = 0;
  if (!started) throw new X12FormatError('This is not an X12 834 file: it does not begin with an ISA segment.');
  reader.end();
}
