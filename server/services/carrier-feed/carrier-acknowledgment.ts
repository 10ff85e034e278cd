// The payer's 999 Implementation Acknowledgment, parsed with node-x12: which of our files it answers
// (AK1's group control number), whether the 834 was accepted (IK5, or AK5 in the older 997 form) and,
// when not, the segment and element errors it names.
import { X12Interchange, X12Parser } from 'node-x12';
import { badRequest } from '../../lib/problem';

export type Acknowledgment = {
  groupControlNumber: number;
  accepted: boolean;
  /** Readable lines of IK3/IK4 (AK3/AK4) errors and the transaction's and group's codes. */
  errors: string[];
};

const refused = (detail: string) => badRequest(detail, { content: [detail] });

const IK5_ACCEPTED = new Set(['A', 'E']);

export function parseAcknowledgment(content: string): Acknowledgment {
  let interchange: X12Interchange;
  try {
    const parsed = new X12Parser(true).parse(content.trim());
    if (!(parsed instanceof X12Interchange)) throw new Error('more than one interchange');
    interchange = parsed;
  } catch {
    throw refused('The file is not an X12 interchange.');
  }
  const group = interchange.functionalGroups[0];
  const transaction = group?.transactions[0];
  if (
    !group ||
    !transaction ||
    group.header.valueOf(1) !== 'FA' ||
    !['999', '997'].includes(transaction.header.valueOf(1))
  )
    throw refused('The file is not a 999 acknowledgment.');
  const errors: string[] = [];
  let groupControlNumber: number | null = null;
  let status: string | null = null;
  let groupStatus: string | null = null;
  let segmentInError = '';
  for (const seg of transaction.segments) {
    const v = (n: number) => seg.valueOf(n) ?? '';
    switch (seg.tag) {
      case 'AK1':
        if (v(1) !== 'BE') throw refused('The acknowledgment does not answer an 834 (AK1 is not BE).');
        groupControlNumber = Number(v(2));
        break;
      case 'IK3':
      case 'AK3':
        segmentInError = `${v(1)} at position ${v(2)}`;
        errors.push(`Segment ${segmentInError}: error ${v(4) || 'unknown'}.`);
        break;
      case 'IK4':
      case 'AK4':
        errors.push(`Segment ${segmentInError}, element ${v(1)}: error ${v(3) || 'unknown'}.`);
        break;
      case 'IK5':
      case 'AK5':
        status = v(1);
        for (let i = 2; i <= 6; i++) if (v(i)) errors.push(`Transaction error ${v(i)}.`);
        break;
      case 'AK9':
        groupStatus = v(1);
        break;
    }
  }
  if (groupControlNumber === null || !Number.isInteger(groupControlNumber) || groupControlNumber <= 0)
    throw refused('The acknowledgment names no group control number (AK1).');
  if (status === null && groupStatus === null) throw refused('The acknowledgment has no IK5 or AK9 status.');
  const accepted = status !== null ? IK5_ACCEPTED.has(status) : IK5_ACCEPTED.has(groupStatus!);
  return { groupControlNumber, accepted, errors };
}
