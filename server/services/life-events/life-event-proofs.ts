// Proof of a life event (a birth certificate, a marriage record, a letter ending other coverage): a PDF
// or a photo, checked by its bytes rather than its declared type, and kept only encrypted (AES-256-GCM
// under the carrier-feed key) since it holds names, dates and often more.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  LIFE_EVENT_CLOSED_STATUSES,
  LIFE_EVENT_MESSAGES,
  PROOF_MAX_BYTES,
  type ProofType,
} from '../../../src/contracts/life-events';
import type { Db } from '../../db/client';
import { lifeEventProofs, lifeEvents, requests } from '../../db/schema';
import type { FileAnswer } from '../../lib/file-answer';
import { invalidFields } from '../../lib/field-errors';
import { conflict, notFound } from '../../lib/problem';
import { carrierFeedKey } from '../carrier-feed';
import { memberOf } from './life-event-options';

const EXTENSIONS: Record<ProofType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The type the bytes are, whatever the upload claimed; null for anything else. */
export function proofTypeOf(bytes: Buffer): ProofType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

// The row's identity is authenticated with the bytes, so a proof cannot be moved to another event.
const aad = (lifeEventPK: number) => Buffer.from(`life-event-proof:${lifeEventPK}`);

export async function uploadLifeEventProof(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  lifeEventPK: number,
  bytes: Buffer,
) {
  const member = await memberOf(db, employerPK, subscriberPK);
  if (bytes.length === 0) throw invalidFields({ file: [LIFE_EVENT_MESSAGES.proofEmpty] });
  if (bytes.length > PROOF_MAX_BYTES) throw invalidFields({ file: [LIFE_EVENT_MESSAGES.proofSize] });
  const contentType = proofTypeOf(bytes);
  if (!contentType) throw invalidFields({ file: [LIFE_EVENT_MESSAGES.proofType] });
  const [event] = await db
    .select({ lifeEventPK: lifeEvents.lifeEventPK, status: requests.status })
    .from(lifeEvents)
    .innerJoin(requests, eq(requests.requestPK, lifeEvents.requestPK))
    .where(
      and(
        eq(lifeEvents.lifeEventPK, lifeEventPK),
        eq(lifeEvents.subscriberPK, member.subscriberPK),
        eq(lifeEvents.employerPK, employerPK),
      ),
    );
  if (!event) throw notFound('That life event was not found.');
  if (LIFE_EVENT_CLOSED_STATUSES.includes(event.status))
    throw conflict('That life event is closed; its proof is no longer needed.');

  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await carrierFeedKey(db), iv);
  cipher.setAAD(aad(lifeEventPK));
  const data = Buffer.concat([cipher.update(bytes), cipher.final()]);
  const row = { contentType, size: bytes.length, iv, tag: cipher.getAuthTag(), data, uploadedAt: new Date() };
  await db
    .insert(lifeEventProofs)
    .values({ lifeEventPK, ...row })
    .onConflictDoUpdate({ target: lifeEventProofs.lifeEventPK, set: row });
  return { subscriberPK: member.subscriberPK, lifeEventPK };
}

/** HR's copy of the proof of the life event a request came from (404 when none was sent yet). */
export async function requestProof(db: Db, employerPK: number, requestPK: number): Promise<FileAnswer> {
  const [row] = await db
    .select({
      lifeEventPK: lifeEventProofs.lifeEventPK,
      contentType: lifeEventProofs.contentType,
      iv: lifeEventProofs.iv,
      tag: lifeEventProofs.tag,
      data: lifeEventProofs.data,
    })
    .from(lifeEvents)
    .innerJoin(lifeEventProofs, eq(lifeEventProofs.lifeEventPK, lifeEvents.lifeEventPK))
    .where(and(eq(lifeEvents.requestPK, requestPK), eq(lifeEvents.employerPK, employerPK)));
  if (!row) throw notFound('No proof has been sent for this request yet.');
  const decipher = createDecipheriv('aes-256-gcm', await carrierFeedKey(db), row.iv);
  decipher.setAAD(aad(row.lifeEventPK));
  decipher.setAuthTag(row.tag);
  const data = Buffer.concat([decipher.update(row.data), decipher.final()]);
  const type = row.contentType as ProofType;
  return { fileName: `proof-${requestPK}.${EXTENSIONS[type]}`, contentType: type, data, disposition: 'inline' };
}
