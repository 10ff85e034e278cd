// The carrier feed: processed requests leave for the payer as X12 834 files. The processing worker adds
// each pushed request to its group's open batch; closing the batch (on a schedule or on demand) makes
// one change file of it. A full file lists the group's whole current enrollment. Every file is checked
// segment by segment as it is written, stored encrypted, its stored chunks counted against what was
// written, and only then may it be delivered to CARRIER_FEED_DIR; a 999 uploaded later marks it
// Accepted or Rejected.
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { format } from 'date-fns';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CARRIER_FILE_VIEW_PAGE_SIZE,
  type CarrierFileItem,
  type CarrierFileViewMember,
  type carrierFileListBody,
} from '../../../src/contracts/carrier-files';
import { ssnLast4Of } from '../../../src/contracts/person-rules';
import type { Db } from '../../db/client';
import { startIntervalWorker, type IntervalWorker } from '../../lib/interval-worker';
import {
  carrierBatchEntries,
  carrierControlNumbers,
  carrierFileChunks,
  carrierFiles,
  employers,
  requestStatusHistory,
  requests,
} from '../../db/schema';
import type { FileAnswer } from '../../lib/file-answer';
import { localToday } from '../../lib/calendar';
import { badRequest, notFound } from '../../lib/problem';
import {
  MAINTENANCE_NAMES,
  REASON_NAMES,
  headerLoop,
  memberLoop,
  serialize,
  trailerLoop,
  type FeedMember,
  type FileHeader,
  type Segment,
} from './carrier-834';
import {
  Check834,
  check834,
  parseX12,
  parseX12Chunks,
  type CheckResult,
  type ParsedSegment,
} from './carrier-834-check';
import { parseAcknowledgment } from './carrier-acknowledgment';
import { changeFileMembers, feedContext, fullFileMembers, type PushedRequest } from './carrier-feed-members';
import { EncryptedChunkWriter, carrierFeedKey, readCarrierFile } from './carrier-file-store';

type CarrierFileRow = typeof carrierFiles.$inferSelect;

/** `changedBy` of files the schedule makes. */
export const CARRIER_FEED_ACTOR = 'system:carrier-feed';

/** The note of a PushedToRemote history row until its batch is closed, and after. */
export const WAITING_FOR_FILE_NOTE = 'Waiting for the next carrier file.';
export const sentInFileNote = (fileName: string) => `Sent to the carrier in ${fileName}.`;

export type CarrierFeedSettings = {
  /** Folder files are delivered to; unset, files stay Generated. */
  dir?: string;
  today?: string;
  /** Creation time of the file (BGN, ISA, GS); tests fix it. */
  now?: Date;
};

export function carrierFeedSettings(env: NodeJS.ProcessEnv = process.env): CarrierFeedSettings {
  return { dir: env.CARRIER_FEED_DIR || undefined };
}

function itemOf(row: CarrierFileRow): CarrierFileItem {
  return {
    carrierFilePK: row.carrierFilePK,
    fileName: row.fileName,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    members: row.members,
    segments: row.segments,
    controlNumber: row.controlNumber,
    status: row.status,
    problems: row.problems,
  };
}

/** The processing worker's part, in the transaction that pushes the request. */
export async function addToOpenBatch(tx: Db, request: { requestPK: number; employerPK: number }) {
  await tx.insert(carrierBatchEntries).values({ requestPK: request.requestPK, employerPK: request.employerPK });
}

/**
 * The group's next control number, taken in the caller's transaction. The upsert locks the group's
 * row until that transaction ends, so a second closer (any replica) waits and then takes the next
 * number; a rolled-back file gives its number back, so numbers never repeat.
 */
async function nextControlNumber(tx: Db, employerPK: number): Promise<number> {
  const [row] = await tx
    .insert(carrierControlNumbers)
    .values({ employerPK, lastNumber: 1 })
    .onConflictDoUpdate({
      target: carrierControlNumbers.employerPK,
      set: { lastNumber: sql`${carrierControlNumbers.lastNumber} + 1` },
    })
    .returning({ lastNumber: carrierControlNumbers.lastNumber });
  return row!.lastNumber;
}

async function groupOf(db: Db, employerPK: number) {
  const [group] = await db.select().from(employers).where(eq(employers.employerPK, employerPK));
  if (!group) throw notFound();
  return group;
}

function fileHeader(
  group: Awaited<ReturnType<typeof groupOf>>,
  kind: 'change' | 'full',
  controlNumber: number,
  now: Date,
): FileHeader {
  return {
    kind,
    controlNumber,
    groupName: group.employerName,
    taxID: (group.taxID ?? '').replace(/\D/g, ''),
    policyNumber: group.employerID,
    date: format(now, 'yyyy-MM-dd'),
    time: format(now, 'HHmm'),
  };
}

const fileName = (employerID: string, kind: 'change' | 'full', controlNumber: number) =>
  `834_${employerID}_${kind}_${String(controlNumber).padStart(9, '0')}.x12`;

/** What the writer stored and found: the file's counts, its check, and the chunks to find stored. */
type Written = { members: number; segments: number; bytes: number; chunks: number; check: CheckResult };

/**
 * Writes the interchange; `batches` yields member loops a batch at a time. Each segment is checked as it
 * is serialized: the text is the segment's values joined, and no value can hold a delimiter (each is
 * a code, digits, cleaned text, or held by the check to a pattern without one), so the stored file
 * parses back into exactly the segments checked (carrier-834-check.test.ts reads one back to show it).
 */
async function writeInterchange(
  writer: EncryptedChunkWriter,
  header: FileHeader,
  batches: AsyncIterable<FeedMember[]> | Iterable<FeedMember[]>,
): Promise<Written> {
  const check = new Check834(header.controlNumber);
  const textOf = (loop: Segment[]) => {
    let text = '';
    for (const seg of loop) {
      check.add(seg);
      text += serialize(seg);
    }
    return text;
  };
  const head = headerLoop(header);
  await writer.write(textOf(head));
  let segments = head.length - 2; // ISA and GS are outside the transaction set
  let members = 0;
  for await (const batch of batches) {
    let text = '';
    for (const member of batch) {
      const loop = memberLoop(member);
      segments += loop.length;
      members++;
      text += textOf(loop);
    }
    await writer.write(text);
  }
  segments += 1; // SE
  await writer.write(textOf(trailerLoop(header.controlNumber, segments)));
  await writer.end();
  return { members, segments, bytes: writer.bytes, chunks: writer.chunks, check: check.result() };
}

const countsOf = ({ members, segments, bytes }: Written) => ({ members, segments, bytes });

/** Its stored chunks, counted and measured without reading them. */
async function storedChunks(db: Db, carrierFilePK: number) {
  const [row] = await db
    .select({
      chunks: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(octet_length(${carrierFileChunks.data})), 0)::bigint`.mapWith(Number),
    })
    .from(carrierFileChunks)
    .where(eq(carrierFileChunks.carrierFilePK, carrierFilePK));
  return row!;
}

/**
 * Checks a stored file and delivers it when it passes and a folder is configured. A file its writer
 * checked is held to what the writer stored (every chunk there, every byte: AES-GCM adds none, and
 * each chunk's tag is verified whenever it is read); one without (its server stopped before the check)
 * is read back and checked segment by segment. A file that fails is marked Invalid with its problems
 * and goes nowhere.
 */
async function checkAndDeliver(
  db: Db,
  row: CarrierFileRow,
  settings: CarrierFeedSettings,
  written?: Written,
): Promise<CarrierFileRow> {
  const key = await carrierFeedKey(db);
  let result: CheckResult;
  if (written) {
    result = { ...written.check, problems: [...written.check.problems] };
    const stored = await storedChunks(db, row.carrierFilePK);
    if (stored.chunks !== written.chunks || stored.bytes !== written.bytes)
      result.problems.unshift(
        `The stored file has ${stored.chunks} chunks of ${stored.bytes} bytes; ${written.chunks} of ${written.bytes} were written.`,
      );
  } else {
    result = await check834(parseX12Chunks(readCarrierFile(db, row.carrierFilePK, key)), row.controlNumber);
  }
  const group = await groupOf(db, row.employerPK);
  if (!group.taxID) result.problems.unshift('The group has no tax ID on file for the sponsor (N1*P5).');
  let set: Partial<CarrierFileRow>;
  if (result.problems.length > 0) {
    set = { status: 'Invalid', problems: result.problems };
  } else if (settings.dir) {
    await mkdir(settings.dir, { recursive: true });
    // Written under a temporary name and renamed, so a carrier's pickup never sees half a file.
    const partial = join(settings.dir, `.${row.fileName}.partial`);
    await pipeline(readCarrierFile(db, row.carrierFilePK, key), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, join(settings.dir, row.fileName));
    set = { status: 'Delivered', deliveredAt: new Date() };
  } else {
    set = { status: 'Generated' };
  }
  const [updated] = await db
    .update(carrierFiles)
    .set(set)
    .where(eq(carrierFiles.carrierFilePK, row.carrierFilePK))
    .returning();
  return updated!;
}

class EmptyBatch extends Error {}

/**
 * Closes the group's open batch into one change file; null when nothing waits. The file, its entries
 * and the history notes commit together; a concurrent closer waits on the control-number row and then
 * finds the batch empty.
 */
export async function closeCarrierBatch(
  db: Db,
  employerPK: number,
  actor: string,
  settings: CarrierFeedSettings = carrierFeedSettings(),
): Promise<CarrierFileItem | null> {
  const now = settings.now ?? new Date();
  const ctx = await feedContext(db, settings.today ?? localToday());
  const group = await groupOf(db, employerPK);
  const key = await carrierFeedKey(db);
  let created: CarrierFileRow;
  let written: Written;
  try {
    created = await db.transaction(async (tx) => {
      const controlNumber = await nextControlNumber(tx, employerPK);
      const entries = await tx
        .select({ requestPK: carrierBatchEntries.requestPK })
        .from(carrierBatchEntries)
        .where(and(eq(carrierBatchEntries.employerPK, employerPK), isNull(carrierBatchEntries.carrierFilePK)))
        .orderBy(asc(carrierBatchEntries.requestPK))
        .for('update');
      if (entries.length === 0) throw new EmptyBatch();
      const requestPKs = entries.map((e) => e.requestPK);
      const name = fileName(group.employerID, 'change', controlNumber);
      const [row] = await tx
        .insert(carrierFiles)
        .values({ employerPK, kind: 'change', controlNumber, fileName: name, status: 'Generating', createdBy: actor })
        .returning();
      const file = row!;
      await tx
        .update(carrierBatchEntries)
        .set({ carrierFilePK: file.carrierFilePK })
        .where(inArray(carrierBatchEntries.requestPK, requestPKs));
      await tx
        .update(requestStatusHistory)
        .set({ note: sentInFileNote(name) })
        .where(
          and(inArray(requestStatusHistory.requestPK, requestPKs), eq(requestStatusHistory.status, 'PushedToRemote')),
        );
      const batch = await pushedRequests(tx, requestPKs);
      const members = await changeFileMembers(tx, employerPK, batch, ctx);
      const writer = new EncryptedChunkWriter(tx, file.carrierFilePK, key);
      written = await writeInterchange(writer, fileHeader(group, 'change', controlNumber, now), [members]);
      const [done] = await tx
        .update(carrierFiles)
        .set(countsOf(written))
        .where(eq(carrierFiles.carrierFilePK, file.carrierFilePK))
        .returning();
      return done!;
    });
  } catch (error) {
    if (error instanceof EmptyBatch) return null;
    throw error;
  }
  return itemOf(await checkAndDeliver(db, created, settings, written!));
}

async function pushedRequests(tx: Db, requestPKs: number[]): Promise<PushedRequest[]> {
  const rows = await tx
    .select({
      requestPK: requests.requestPK,
      type: requests.type,
      subscriberPK: requests.subscriberPK,
      dependentPK: requests.dependentPK,
      pushedAt: sql<Date | null>`(select max(h.changed_at) from ${requestStatusHistory} h
        where h.request_pk = ${requests.requestPK} and h.status = 'PushedToRemote')`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(requests)
    .where(inArray(requests.requestPK, requestPKs))
    .orderBy(asc(requests.requestPK));
  return rows;
}

/**
 * A full (030 audit) file of the group's whole current enrollment. Members are read and written in
 * keyset batches outside a transaction (a 100,000-member group must not hold the database for the
 * whole file); the file is Generating until it is complete and checked.
 */
export async function generateFullFile(
  db: Db,
  employerPK: number,
  actor: string,
  settings: CarrierFeedSettings = carrierFeedSettings(),
): Promise<CarrierFileItem> {
  const now = settings.now ?? new Date();
  const ctx = await feedContext(db, settings.today ?? localToday());
  const group = await groupOf(db, employerPK);
  const key = await carrierFeedKey(db);
  const file = await db.transaction(async (tx) => {
    const controlNumber = await nextControlNumber(tx, employerPK);
    const [row] = await tx
      .insert(carrierFiles)
      .values({
        employerPK,
        kind: 'full',
        controlNumber,
        fileName: fileName(group.employerID, 'full', controlNumber),
        status: 'Generating',
        createdBy: actor,
      })
      .returning();
    return row!;
  });
  try {
    const writer = new EncryptedChunkWriter(db, file.carrierFilePK, key);
    const header = fileHeader(group, 'full', file.controlNumber, now);
    const written = await writeInterchange(writer, header, fullFileMembers(db, employerPK, ctx));
    const [done] = await db
      .update(carrierFiles)
      .set(countsOf(written))
      .where(eq(carrierFiles.carrierFilePK, file.carrierFilePK))
      .returning();
    return itemOf(await checkAndDeliver(db, done!, settings, written));
  } catch (error) {
    await db
      .update(carrierFiles)
      .set({ status: 'Invalid', problems: ['The file could not be generated.'] })
      .where(eq(carrierFiles.carrierFilePK, file.carrierFilePK));
    throw error;
  }
}

export async function carrierFileList(db: Db, employerPK: number, body: z.output<typeof carrierFileListBody>) {
  const where = eq(carrierFiles.employerPK, employerPK);
  const [rows, total, open] = await Promise.all([
    db
      .select()
      .from(carrierFiles)
      .where(where)
      .orderBy(desc(carrierFiles.carrierFilePK))
      .limit(body.pageSize)
      .offset(body.currentPage * body.pageSize),
    body.knownCount ?? db.$count(carrierFiles, where),
    db
      .select({ n: count() })
      .from(carrierBatchEntries)
      .where(and(eq(carrierBatchEntries.employerPK, employerPK), isNull(carrierBatchEntries.carrierFilePK))),
  ]);
  return { result: rows.map(itemOf), totalCount: total, openBatch: open[0]?.n ?? 0 };
}

async function fileOf(db: Db, employerPK: number, carrierFilePK: number): Promise<CarrierFileRow> {
  const [row] = await db
    .select()
    .from(carrierFiles)
    .where(and(eq(carrierFiles.carrierFilePK, carrierFilePK), eq(carrierFiles.employerPK, employerPK)));
  if (!row || row.status === 'Generating') throw notFound();
  return row;
}

/** The file as the carrier gets it, full SSNs included (the download is audited as a read). */
export async function carrierFile(db: Db, employerPK: number, carrierFilePK: number): Promise<FileAnswer> {
  const row = await fileOf(db, employerPK, carrierFilePK);
  const key = await carrierFeedKey(db);
  return {
    fileName: row.fileName,
    contentType: 'application/edi-x12',
    disposition: 'attachment',
    data: readCarrierFile(db, row.carrierFilePK, key),
  };
}

const isoOf = (ccyymmdd: string) =>
  ccyymmdd ? `${ccyymmdd.slice(0, 4)}-${ccyymmdd.slice(4, 6)}-${ccyymmdd.slice(6, 8)}` : '';
const masked = (ssn: string) => (ssn ? `***-**-${ssnLast4Of(ssn)}` : '');
const RELATIONSHIPS: Record<string, string> = { '18': 'Self', '01': 'Spouse', '19': 'Child', '53': 'Life partner' };

/** Member loops of a parsed file, read straight from its segments. */
async function* viewMembers(segments: AsyncIterable<ParsedSegment>, onHeader: (date: string) => void) {
  let member: CarrierFileViewMember | null = null;
  let coverage: CarrierFileViewMember['coverages'][number] | null = null;
  for await (const { tag, values: v } of segments) {
    if (tag === 'DTP' && v[0] === '007') onHeader(isoOf(v[2] ?? ''));
    if (tag === 'INS' || tag === 'SE') {
      if (member) yield member;
      member = null;
    }
    if (tag === 'INS') {
      member = {
        subscriberID: '',
        subscriber: v[0] === 'Y',
        relationship: RELATIONSHIPS[v[1] ?? ''] ?? v[1] ?? '',
        name: '',
        ssn: '',
        dateOfBirth: '',
        maintenance: v[2] ?? '',
        maintenanceName: MAINTENANCE_NAMES[v[2] as keyof typeof MAINTENANCE_NAMES] ?? '',
        reason: v[3] ?? '',
        reasonName: REASON_NAMES[v[3] ?? ''] ?? '',
        eligibilityEnd: '',
        coverages: [],
      };
      coverage = null;
      continue;
    }
    if (!member) continue;
    if (tag === 'REF' && v[0] === '0F') member.subscriberID = v[1] ?? '';
    if (tag === 'DTP' && v[0] === '357') member.eligibilityEnd = isoOf(v[2] ?? '');
    if (tag === 'NM1') {
      member.name = [v[3], v[4], v[2]].filter(Boolean).join(' ');
      member.ssn = v[7] === '34' ? masked(v[8] ?? '') : '';
    }
    if (tag === 'DMG') member.dateOfBirth = isoOf(v[1] ?? '');
    if (tag === 'HD') {
      coverage = { line: v[2] ?? '', planCode: v[3] ?? '', level: v[4] ?? '', begin: '', end: '' };
      member.coverages.push(coverage);
    }
    if (coverage && tag === 'DTP' && v[0] === '348') coverage.begin = isoOf(v[2] ?? '');
    if (coverage && tag === 'DTP' && v[0] === '349') coverage.end = isoOf(v[2] ?? '');
  }
}

/** A page of the file, member by member, with SSNs masked. */
export async function carrierFileView(db: Db, employerPK: number, carrierFilePK: number, page: number) {
  const row = await fileOf(db, employerPK, carrierFilePK);
  const key = await carrierFeedKey(db);
  const first = page * CARRIER_FILE_VIEW_PAGE_SIZE;
  const members: CarrierFileViewMember[] = [];
  let fileDate = '';
  let index = 0;
  const stream = readCarrierFile(db, row.carrierFilePK, key);
  for await (const member of viewMembers(parseX12(stream), (d) => (fileDate = d))) {
    if (index >= first) members.push(member);
    index++;
    if (members.length === CARRIER_FILE_VIEW_PAGE_SIZE) break;
  }
  stream.destroy();
  return { file: itemOf(row), fileDate, page, pageSize: CARRIER_FILE_VIEW_PAGE_SIZE, members };
}

/** A 999 for one of the group's files: Accepted, or Rejected with its errors. */
export async function carrierAcknowledgment(db: Db, employerPK: number, content: string) {
  const ack = parseAcknowledgment(content);
  const [row] = await db
    .select()
    .from(carrierFiles)
    .where(and(eq(carrierFiles.employerPK, employerPK), eq(carrierFiles.controlNumber, ack.groupControlNumber)));
  if (!row) {
    const detail = `No carrier file of this group has control number ${ack.groupControlNumber}.`;
    throw badRequest(detail, { content: [detail] });
  }
  if (!['Generated', 'Delivered', 'Accepted', 'Rejected'].includes(row.status)) {
    const detail = `File ${row.fileName} was never sent, so it cannot be acknowledged.`;
    throw badRequest(detail, { content: [detail] });
  }
  const [updated] = await db
    .update(carrierFiles)
    .set({
      status: ack.accepted ? 'Accepted' : 'Rejected',
      problems: ack.errors,
      acknowledgedAt: new Date(),
    })
    .where(eq(carrierFiles.carrierFilePK, row.carrierFilePK))
    .returning();
  return { file: itemOf(updated!) };
}

/** Groups with requests waiting in an open batch. */
async function groupsWithOpenBatches(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ employerPK: carrierBatchEntries.employerPK })
    .from(carrierBatchEntries)
    .where(isNull(carrierBatchEntries.carrierFilePK));
  return rows.map((r) => r.employerPK);
}

/** How long a file may stay Generating before the schedule takes it for interrupted. */
export const CHANGE_FILE_RESUME_AFTER_MS = 60_000;
const FULL_FILE_ABANDONED_AFTER_MS = 60 * 60_000;
const INTERRUPTED_FULL_FILE_PROBLEM = 'The file was interrupted before it was complete; generate it again.';

/**
 * Files a stopped or killed server left Generating. A change file's bytes commit with its row, so one
 * still Generating a minute later was only waiting to be checked and delivered: that is done now. A
 * full file is written outside a transaction, so one still Generating an hour later (a million members
 * take about a minute) is incomplete: it is marked Invalid, and its control number stays used.
 */
export async function finishInterruptedFiles(
  db: Db,
  settings: CarrierFeedSettings = carrierFeedSettings(),
  onError: (error: unknown, employerPK: number) => void = () => {},
): Promise<CarrierFileItem[]> {
  const now = Date.now();
  const stale = await db
    .select()
    .from(carrierFiles)
    .where(
      and(
        eq(carrierFiles.status, 'Generating'),
        sql`${carrierFiles.createdAt} < ${new Date(now - CHANGE_FILE_RESUME_AFTER_MS)}`,
      ),
    )
    .orderBy(asc(carrierFiles.carrierFilePK));
  const finished: CarrierFileItem[] = [];
  for (const row of stale) {
    try {
      if (row.kind === 'change') {
        finished.push(itemOf(await checkAndDeliver(db, row, settings)));
      } else if (row.createdAt.getTime() < now - FULL_FILE_ABANDONED_AFTER_MS) {
        await db
          .update(carrierFiles)
          .set({ status: 'Invalid', problems: [INTERRUPTED_FULL_FILE_PROBLEM] })
          .where(and(eq(carrierFiles.carrierFilePK, row.carrierFilePK), eq(carrierFiles.status, 'Generating')));
      }
    } catch (error) {
      onError(error, row.employerPK);
    }
  }
  return finished;
}

export async function closeAllBatches(
  db: Db,
  settings: CarrierFeedSettings = carrierFeedSettings(),
  onError: (error: unknown, employerPK: number) => void = () => {},
) {
  const files: CarrierFileItem[] = await finishInterruptedFiles(db, settings, onError);
  for (const employerPK of await groupsWithOpenBatches(db)) {
    try {
      const file = await closeCarrierBatch(db, employerPK, CARRIER_FEED_ACTOR, settings);
      if (file) files.push(file);
    } catch (error) {
      onError(error, employerPK);
    }
  }
  return files;
}

/** Closes every open batch each `intervalMs`; a run still going when the next is due is not doubled. */
export function startCarrierFeedWorker(
  db: Db,
  intervalMs: number,
  onError: (error: unknown, employerPK: number | null) => void,
): IntervalWorker {
  return startIntervalWorker(
    intervalMs,
    () => closeAllBatches(db, carrierFeedSettings(), onError),
    (error) => onError(error, null),
  );
}
