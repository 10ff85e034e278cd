// The X12 834 (005010X220A1) of the carrier feed: the codes a request maps to and the segments of an
// interchange. A file is written segment by segment (the envelope's counts come last), so a
// 100,000-member full file never sits in memory as one object (node-x12's X12Generator would build it
// whole).
import type { X12SerializationOptions } from 'node-x12';
import type { RequestType } from '../../../src/contracts/subscribers';

export const X12_OPTIONS: X12SerializationOptions = {
  elementDelimiter: '*',
  segmentTerminator: '~',
  subElementDelimiter: ':',
  repetitionDelimiter: '^',
};

export const IMPLEMENTATION_GUIDE = '005010X220A1';

/** The payer the feed goes to (N1*IN, ISA08/GS03); one per deployment. */
export const PAYER = { name: 'HEZ Health Plan', id: '990000001' } as const;

export type Maintenance = '021' | '001' | '024' | '030';

/** INS03/INS04 of a member loop. */
export type MaintenanceCode = { type: Maintenance; reason: string };

export const MAINTENANCE_NAMES: Record<Maintenance, string> = {
  '021': 'Addition',
  '001': 'Change',
  '024': 'Termination',
  '030': 'Audit (full file)',
};

export const REASON_NAMES: Record<string, string> = {
  '28': 'Initial enrollment',
  '07': 'Termination of benefits',
  '25': 'Change in identifying data',
  EC: 'Member benefit selection',
  XN: 'Notification only',
};

/**
 * What a processed request tells the carrier about one member it touched. A change of coverage adds
 * the dependents it created (`newMember`) and changes everyone else's coverage.
 */
export function maintenanceFor(type: RequestType, newMember = false): MaintenanceCode {
  switch (type) {
    case 'NewEnrollment':
      return { type: '021', reason: '28' };
    case 'ChangeCoverage':
    case 'LifeEvent':
      return newMember ? { type: '021', reason: 'EC' } : { type: '001', reason: 'EC' };
    case 'OpenEnrollment':
      return { type: '001', reason: 'EC' };
    case 'Subscriber':
    case 'Dependent':
      return { type: '001', reason: '25' };
    case 'Terminate':
    case 'TerminateDependent':
      return { type: '024', reason: '07' };
  }
}

export const FULL_FILE_MAINTENANCE: MaintenanceCode = { type: '030', reason: 'XN' };

/** INS02 by the portal's relationship lookup (1 spouse, 3 child, 24 domestic partner…). */
export function relationshipCode(relationshipPK: number): string {
  if (relationshipPK === 1) return '01';
  if (relationshipPK === 24) return '53';
  return '19';
}

/** HD05 from the tier code; dental tiers are the medical code with a leading D. */
export function coverageLevel(tierCode: string | null): string | null {
  if (!tierCode) return null;
  const code = tierCode.replace(/^D(?=EE|ES|EC|FAM)/, '');
  return ({ EE: 'EMP', ES: 'ESP', EC: 'ECH', FAM: 'FAM' } as Record<string, string>)[code] ?? null;
}

export type InsuranceLine = 'HLT' | 'DEN' | 'FSA';

export type FeedCoverage = {
  line: InsuranceLine;
  planCode: string;
  level: string | null;
  begin: string;
  end: string | null;
};

export type FeedMember = {
  subscriberID: string;
  isSubscriber: boolean;
  /** 18 for the subscriber. */
  relationship: string;
  maintenance: MaintenanceCode;
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** Digits only, or null when none is on file (a dependent's SSN is optional). */
  ssn: string | null;
  dateOfBirth: string;
  gender: 'M' | 'F' | 'U';
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
  email: string | null;
  hireDate: string | null;
  /** Eligibility end (DTP*357), on terminations. */
  termDate: string | null;
  coverages: FeedCoverage[];
};

export type FileHeader = {
  kind: 'change' | 'full';
  controlNumber: number;
  /** The plan sponsor. */
  groupName: string;
  taxID: string;
  policyNumber: string;
  /** yyyy-MM-dd and HHmm of creation, in the server's zone. */
  date: string;
  time: string;
};

/** CCYYMMDD from a calendar date. */
export const d8 = (isoDate: string) => isoDate.replaceAll('-', '');

const DELIMITERS = /[*~:^\r\n]/g;
const PLAIN = /^[^*~:^\r\n]*$/;

/** Element text without the delimiters, spaces collapsed, within the guide's maximum length. */
function clean(value: string | null | undefined, max: number): string {
  if (!value) return '';
  // Most values need nothing done: one test instead of three replaces per element of a large file.
  let text = PLAIN.test(value) ? value : value.replace(DELIMITERS, ' ');
  if (text.includes('  ') || text.trim() !== text) text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? text.slice(0, max).trim() : text;
}

/** A segment as tag and element values (element 1 at index 0), trailing empty elements left off. */
export type Segment = { tag: string; values: string[] };

/** A segment of these elements; trailing empty ones are dropped (the array is the caller's new one). */
function seg(tag: string, elements: string[]): Segment {
  let last = elements.length;
  while (last > 0 && elements[last - 1] === '') last--;
  elements.length = last;
  return { tag, values: elements };
}

/**
 * A segment's text. Written here rather than through node-x12's X12Segment, which costs about 13 µs a
 * segment (some 14 s for the million segments of a 100,000-member full file); carrier-834.test.ts
 * shows both give the same bytes.
 */
export function serialize({ tag, values }: Segment): string {
  const { elementDelimiter: e, segmentTerminator: t } = X12_OPTIONS;
  return values.length === 0 ? `${tag}${t}` : `${tag}${e}${values.join(e)}${t}`;
}

/** One serialized segment, trailing empty elements left off as the standard wants. */
export const segment = (tag: string, elements: string[]): string => serialize(seg(tag, [...elements]));

const pad = (value: string, width: number) => value.padEnd(width, ' ').slice(0, width);
const isa13 = (controlNumber: number) => String(controlNumber).padStart(9, '0');
const st02 = (controlNumber: number) => String(controlNumber).padStart(4, '0');

/** ISA, GS, ST and the 834's header segments up to the first member loop. */
export function headerLoop(h: FileHeader): Segment[] {
  const sender = h.taxID;
  return [
    seg('ISA', [
      '00',
      pad('', 10),
      '00',
      pad('', 10),
      'ZZ',
      pad(sender, 15),
      'ZZ',
      pad(PAYER.id, 15),
      d8(h.date).slice(2),
      h.time,
      '^',
      '00501',
      isa13(h.controlNumber),
      '0',
      'P',
      ':',
    ]),
    seg('GS', ['BE', sender, PAYER.id, d8(h.date), h.time, String(h.controlNumber), 'X', IMPLEMENTATION_GUIDE]),
    seg('ST', ['834', st02(h.controlNumber), IMPLEMENTATION_GUIDE]),
    // BGN08: 2 = change (update), 4 = verify (a full file the carrier reconciles against).
    seg('BGN', [
      '00',
      `${h.kind === 'full' ? 'F' : 'C'}${h.controlNumber}`,
      d8(h.date),
      h.time,
      '',
      '',
      '',
      h.kind === 'full' ? '4' : '2',
    ]),
    seg('REF', ['38', clean(h.policyNumber, 50)]),
    seg('DTP', ['007', 'D8', d8(h.date)]),
    seg('N1', ['P5', clean(h.groupName, 60), 'FI', h.taxID]),
    seg('N1', ['IN', PAYER.name, 'FI', PAYER.id]),
  ];
}

export const headerSegments = (h: FileHeader): string[] => headerLoop(h).map(serialize);

/** The 2000 loop of one member: INS, its references and dates, name, address, demographics, coverages. */
export function memberLoop(m: FeedMember): Segment[] {
  const terminating = m.maintenance.type === '024';
  const out = [
    seg('INS', [
      m.isSubscriber ? 'Y' : 'N',
      m.relationship,
      m.maintenance.type,
      m.maintenance.reason,
      'A',
      '',
      '',
      m.isSubscriber ? (terminating ? 'TE' : 'FT') : '',
    ]),
    seg('REF', ['0F', clean(m.subscriberID, 50)]),
  ];
  if (m.isSubscriber && m.hireDate) out.push(seg('DTP', ['336', 'D8', d8(m.hireDate)]));
  if (terminating && m.termDate) out.push(seg('DTP', ['357', 'D8', d8(m.termDate)]));
  out.push(
    seg('NM1', [
      'IL',
      '1',
      clean(m.lastName, 60),
      clean(m.firstName, 35),
      clean(m.middleName, 25),
      '',
      '',
      m.ssn ? '34' : '',
      m.ssn ?? '',
    ]),
  );
  const phone = (m.phone ?? '').replace(/\D/g, '').slice(0, 10);
  const email = clean(m.email, 256);
  if (phone || email) {
    const contacts = [...(phone ? ['HP', phone] : []), ...(email ? ['EM', email] : [])];
    out.push(seg('PER', ['IP', '', ...contacts]));
  }
  out.push(seg('N3', [clean(m.address1, 55), clean(m.address2, 55)]));
  out.push(seg('N4', [clean(m.city, 30), m.state, m.zipCode.replace(/\D/g, '').slice(0, 9)]));
  out.push(seg('DMG', ['D8', d8(m.dateOfBirth), m.gender]));
  for (const c of m.coverages) {
    out.push(seg('HD', [m.maintenance.type, '', c.line, clean(c.planCode, 50), c.level ?? '']));
    out.push(seg('DTP', ['348', 'D8', d8(c.begin)]));
    if (c.end) out.push(seg('DTP', ['349', 'D8', d8(c.end)]));
    out.push(seg('REF', ['1L', clean(c.planCode, 50)]));
  }
  return out;
}

export const memberSegments = (m: FeedMember): string[] => memberLoop(m).map(serialize);

/** SE, GE and IEA: `segments` counts ST to SE inclusive. */
export function trailerLoop(controlNumber: number, segments: number): Segment[] {
  return [
    seg('SE', [String(segments), st02(controlNumber)]),
    seg('GE', ['1', String(controlNumber)]),
    seg('IEA', ['1', isa13(controlNumber)]),
  ];
}

export const trailerSegments = (controlNumber: number, segments: number): string[] =>
  trailerLoop(controlNumber, segments).map(serialize);
