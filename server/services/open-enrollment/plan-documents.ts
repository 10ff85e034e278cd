// A plan's Summary of Benefits and Coverage (SBC): the PDF the administrator uploads for each plan of a
// plan year, shown beside the plan wherever members compare plans. One per plan; a new upload
// replaces it. Copying a year forward does not copy it: a new year needs its new SBC.
// At rest the PDF is AES-256-GCM under the carrier feed's key (the caller hands it in), with the plan's
// pk authenticated as AAD, so a row's bytes cannot be moved to another plan unnoticed.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MyEnrollment } from '../../../src/contracts/open-enrollment';
import { SBC_MAX_BYTES, SBC_MESSAGES, type PlanSbcAnswer } from '../../../src/contracts/plan-years';
import { localToday } from '../../lib/calendar';
import { pdfFile, type FileAnswer } from '../../lib/file-answer';
import { badRequest, conflict, notFound } from '../../lib/problem';
import type { Db } from '../../db/client';
import { planDocuments, plans } from '../../db/schema';
import { planOfGroup } from './plan-years';

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

const aadOf = (planPK: number) => Buffer.from(`plan-sbc:${planPK}`);

/** Why the bytes are not an SBC we keep, or null: judged by content, whatever the file is called. */
export function sbcRefusal(bytes: Buffer): string | null {
  if (bytes.length === 0) return SBC_MESSAGES.empty;
  if (bytes.length > SBC_MAX_BYTES) return SBC_MESSAGES.tooLarge;
  if (!bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) return SBC_MESSAGES.notPdf;
  return null;
}

type SbcUpload = { planPK: number; fileName: string; bytes: Buffer; uploadedBy: string; key: Buffer };

/** Stores a plan's SBC, replacing any earlier one; a plan of another group is not found. */
export async function savePlanSbc(
  db: Db,
  employerPK: number,
  upload: SbcUpload,
  today = localToday(),
): Promise<PlanSbcAnswer> {
  const plan = await planOfGroup(db, employerPK, upload.planPK);
  const refusal = sbcRefusal(upload.bytes);
  if (refusal) throw badRequest(refusal, { file: [refusal] });
  if (plan.contractEndDate < today) throw conflict(SBC_MESSAGES.ended);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', upload.key, iv);
  cipher.setAAD(aadOf(plan.planPK));
  const data = Buffer.concat([cipher.update(upload.bytes), cipher.final()]);
  const row = {
    fileName: upload.fileName,
    size: upload.bytes.length,
    uploadedAt: new Date(),
    uploadedBy: upload.uploadedBy,
    iv,
    tag: cipher.getAuthTag(),
    data,
  };
  await db
    .insert(planDocuments)
    .values({ planPK: plan.planPK, ...row })
    .onConflictDoUpdate({ target: planDocuments.planPK, set: row });
  return { planPK: plan.planPK, fileName: row.fileName, size: row.size, uploadedAt: row.uploadedAt.toISOString() };
}

/** Removes a plan's SBC; a plan without one answers 404, so a second removal says so. */
export async function removePlanSbc(db: Db, employerPK: number, planPK: number, today = localToday()) {
  const plan = await planOfGroup(db, employerPK, planPK);
  if (plan.contractEndDate < today) throw conflict(SBC_MESSAGES.ended);
  const removed = await db
    .delete(planDocuments)
    .where(eq(planDocuments.planPK, plan.planPK))
    .returning({ planPK: planDocuments.planPK });
  if (removed.length === 0) throw notFound(SBC_MESSAGES.missing);
  return { ok: true as const };
}

/** The SBC's PDF, decrypted; a plan of another group, or one without an SBC, is not found. */
export async function planSbcPdf(db: Db, employerPK: number, planPK: number, key: Buffer): Promise<FileAnswer> {
  const [row] = await db
    .select({
      fileName: planDocuments.fileName,
      iv: planDocuments.iv,
      tag: planDocuments.tag,
      data: planDocuments.data,
    })
    .from(planDocuments)
    .innerJoin(plans, eq(plans.planPK, planDocuments.planPK))
    .where(and(eq(planDocuments.planPK, planPK), eq(plans.employerPK, employerPK)));
  if (!row) throw notFound(SBC_MESSAGES.missing);
  const decipher = createDecipheriv('aes-256-gcm', key, row.iv);
  decipher.setAAD(aadOf(planPK));
  decipher.setAuthTag(row.tag);
  return pdfFile(row.fileName, Buffer.concat([decipher.update(row.data), decipher.final()]));
}

/** The file names of the plans' SBCs, by plan pk (plans without one are absent). */
export async function sbcNamesOf(db: Db, planPKs: readonly number[]): Promise<Map<number, string>> {
  if (planPKs.length === 0) return new Map();
  const rows = await db
    .select({ planPK: planDocuments.planPK, fileName: planDocuments.fileName })
    .from(planDocuments)
    .where(inArray(planDocuments.planPK, [...planPKs]));
  return new Map(rows.map((r) => [r.planPK, r.fileName]));
}

/** The member's plan options with whether each plan has an SBC, so the comparison can offer it. */
export async function withPlanSbcs(db: Db, enrollment: MyEnrollment): Promise<MyEnrollment> {
  const names = await sbcNamesOf(
    db,
    enrollment.choices.flatMap((c) => c.options.map((o) => o.planPK)),
  );
  return {
    ...enrollment,
    choices: enrollment.choices.map((choice) => ({
      ...choice,
      options: choice.options.map((option) => ({
        ...option,
        hasSbc: names.has(option.planPK),
        sbcFileName: names.get(option.planPK) ?? null,
      })),
    })),
  };
}
