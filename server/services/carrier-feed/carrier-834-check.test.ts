import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  headerLoop,
  headerSegments,
  memberLoop,
  memberSegments,
  serialize,
  trailerLoop,
  trailerSegments,
  type FeedMember,
  type Segment,
} from './carrier-834';
import { Check834, check834, parseX12 } from './carrier-834-check';

const member = (n: number, overrides: Partial<FeedMember> = {}): FeedMember => ({
  subscriberID: `S02${String(n).padStart(6, '0')}`,
  isSubscriber: true,
  relationship: '18',
  maintenance: { type: '021', reason: '28' },
  firstName: 'Dana',
  middleName: null,
  lastName: `Tester${n}`,
  ssn: '900112222',
  dateOfBirth: '1988-04-12',
  gender: 'F',
  address1: '12 Elm Street',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zipCode: '62704',
  phone: '217-555-0123',
  email: 'dana@example.com',
  hireDate: '2025-01-05',
  termDate: null,
  coverages: [{ line: 'HLT', planCode: 'MPPO500', level: 'EMP', begin: '2026-01-01', end: null }],
  ...overrides,
});

const HEADER = {
  kind: 'change' as const,
  controlNumber: 7,
  groupName: 'Acme Manufacturing',
  taxID: '900000002',
  policyNumber: 'G000002',
  date: '2026-11-24',
  time: '0930',
};

/** An interchange as the writer stores it: whole segments per chunk, the trailer in a chunk of its own. */
function chunksOf(members: FeedMember[], fix: (segments: string[]) => string[] = (s) => s) {
  const head = headerSegments(HEADER);
  const loops = fix(members.flatMap(memberSegments));
  const trailer = trailerSegments(HEADER.controlNumber, head.length - 2 + loops.length + 1);
  return [
    head.join(''),
    loops.slice(0, loops.length / 2).join(''),
    loops.slice(loops.length / 2).join(''),
    trailer.join(''),
  ];
}

const checked = (chunks: string[], expected = 7) =>
  check834(parseX12(Readable.from(chunks.map((c) => Buffer.from(c)))), expected);

describe('reading an 834 back', () => {
  it('reads every chunk of a stored file, short ones included, and finds nothing wrong', async () => {
    const result = await checked(chunksOf(Array.from({ length: 40 }, (_, i) => member(i + 1))));
    expect(result).toEqual({ problems: [], members: 40, segments: 6 + 40 * 11 + 1, controlNumber: 7 });
  });

  it('names what a broken file lacks: counts, member segments, coverage dates, element rules', async () => {
    const broken = chunksOf([member(1), member(2, { gender: 'X' as 'M' })], (segments) =>
      segments
        .filter((s) => !s.startsWith('DMG*D8*19880412*M~'))
        .filter((s, i) => !(i > 11 && s.startsWith('DTP*348'))),
    );
    // One segment fewer than the SE count says.
    const result = await checked(
      broken.map((c, i) => (i === 1 ? c.replace(/REF\*0F\*S02000001~/, '') : c)),
      8,
    );
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'Member loop at segment 9 has no REF*0F.',
        'Member loop at segment 19 has an HD without DTP*348.',
        'Segment 26 (DMG) element 03: invalid code value.',
        'SE counts 28 segments; the transaction has 27.',
        'The control number is 7; the file was given 8.',
      ]),
    );
  });

  it('refuses dates that are not calendar dates', async () => {
    const result = await checked(chunksOf([member(1, { dateOfBirth: '1988-02-30' })]));
    expect(result.problems).toEqual(['Segment 16 (DMG) has no real CCYYMMDD date.']);
  });
});

describe('checking an 834 as it is written', () => {
  /** The segments of an interchange, as the writer makes them. */
  const interchange = (members: FeedMember[]): Segment[] => {
    const head = headerLoop(HEADER);
    const loops = members.flatMap(memberLoop);
    return [...head, ...loops, ...trailerLoop(HEADER.controlNumber, head.length - 2 + loops.length + 1)];
  };
  const writtenCheck = (segments: Segment[]) => {
    const check = new Check834(HEADER.controlNumber);
    for (const seg of segments) check.add(seg);
    return check.result();
  };

  it('finds what a read-back finds, and the stored text parses into the segments checked', async () => {
    const members = [
      member(1, {
        lastName: "O'Brien*Smith",
        firstName: 'Ann~Marie',
        address1: '12 Elm St:Apt^4',
        city: ' Spring  field ',
      }),
      member(2, { middleName: 'Q', email: 'x*y@example.com', address2: 'Unit\r\n9', dateOfBirth: '1988-02-30' }),
      member(3, { isSubscriber: false, relationship: '19', ssn: null, phone: null, email: null }),
    ];
    const segments = interchange(members);
    const text = segments.map(serialize).join('');
    const parsed: Segment[] = [];
    for await (const seg of parseX12(Readable.from([Buffer.from(text)]))) parsed.push(seg);
    expect(parsed).toEqual(segments);
    const written = writtenCheck(segments);
    expect(written).toEqual(await checked([text]));
    expect(written.problems).toEqual(['Segment 27 (DMG) has no real CCYYMMDD date.']);
  });

  it('refuses an SSN or a state that could not be read back as written', () => {
    const result = writtenCheck(interchange([member(1, { ssn: '90011222~' }), member(2, { state: 'I*' })]));
    expect(result.problems).toEqual([
      'Segment 12 (NM1) element 09: invalid code value.',
      'Segment 26 (N4) element 02: invalid code value.',
    ]);
  });
});
