// A group's roster from its previous administrator: an X12 834 full file, read one member loop at a
// time into the rows of the same preview as a spreadsheet (one row per member, in the template's
// columns), so the same checks, fixes and commit apply. A full file is the group's whole membership:
// the group's members it does not hold are shown as proposed terminations.
import { and, eq, isNull } from 'drizzle-orm';
import { IMPORT_MESSAGES, type ImportField, type ImportView } from '../../../src/contracts/imports';
import type { Db } from '../../db/client';
import { subscribers } from '../../db/schema';
import { invalidFields } from '../../lib/field-errors';
import { storeUpload, type ImportCaller } from './enrollment-import';
import { loadContextRows } from './import-context';
import type { RowWrite } from './row-batches';
import { ROSTER_FIELDS, ROSTER_MAPPING, SELF } from './roster-rows';

const NOT_IN_FILE = 'Not in file';

/** The group's active members whose SSN the roster does not hold, as rows after the file's. */
async function proposedTerminations(db: Db, employerPK: number, inFile: ReadonlySet<string>, first: number) {
  const members = await db
    .select({
      subscriberPK: subscribers.subscriberPK,
      subscriberID: subscribers.subscriberID,
      ssn: subscribers.ssn,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
      dateOfBirth: subscribers.dateOfBirth,
    })
    .from(subscribers)
    .where(and(eq(subscribers.employerPK, employerPK), isNull(subscribers.termDate)))
    .orderBy(subscribers.lastName, subscribers.firstName);
  const added: RowWrite[] = [];
  for (const member of members) {
    if (inFile.has(member.ssn)) continue;
    const rowNumber = first + added.length;
    const values: Partial<Record<ImportField, string>> = {
      employeeKey: member.subscriberID,
      relationship: SELF,
      firstName: member.firstName,
      lastName: member.lastName,
      dateOfBirth: member.dateOfBirth,
    };
    added.push({
      rowNumber,
      sheet: NOT_IN_FILE,
      cells: ROSTER_FIELDS.map((f) => values[f] ?? ''),
      fixes: {},
      checked: {
        rowNumber,
        familyRow: rowNumber,
        isEmployee: true,
        ssn: member.ssn,
        kind: 'termination',
        errors: [],
        changes: [{ field: 'membership', from: 'Member', to: IMPORT_MESSAGES.notInRoster }],
        subscriberPK: member.subscriberPK,
        requestPK: null,
      },
    });
  }
  return added;
}

/** Upload of a roster: read, checked as a spreadsheet of the template's columns would be, stored. */
export async function uploadRoster(
  db: Db,
  caller: ImportCaller,
  input: { fileName: string; bytes: Buffer; division?: string | undefined },
): Promise<ImportView> {
  const contextRows = await loadContextRows(db, caller.employerPK);
  const division = input.division?.trim() ?? '';
  if (division && !contextRows.divisionRows.some((d) => d.locationCode === division))
    throw invalidFields({ division: ['Choose a division of this employer group.'] });
  return storeUpload(db, caller, {
    fileName: input.fileName,
    bytes: input.bytes,
    roster: { division },
    contextRows,
    mappingFor: () => ROSTER_MAPPING,
    valueMappings: {},
    added: (inFile, next) => proposedTerminations(db, caller.employerPK, inFile, next),
  });
}
