import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { format } from 'date-fns';
import type { IdCard } from '../../../src/contracts/id-cards';
import type { Db } from '../../db/client';
import { dependents, employers, idCards, subscribers } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/problem';
import { safeColor, type IdCardData } from '../../pdf/id-card-layout';
import { idCardPdf as renderIdCardPdf } from '../../pdf/id-card-pdf';
import { idCardImages } from '../../pdf/id-card-svg';
import { pdfFile, type FileAnswer } from '../../lib/file-answer';
import { currentPlans } from './members';

export const NO_ID_CARD_MESSAGE = 'No ID card has been issued for this member.';
export const NO_COVERAGE_MESSAGE =
  'This member has no current medical or dental coverage, so no ID card can be issued.';

/** Card numbers look like the carrier's: 'W' and nine digits. */
function newCardNumber(): string {
  return `W${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** Issues a new card for the subscriber; it becomes the latest one. */
export async function requestIdCard(db: Db, actor: string, subscriberPK: number): Promise<{ idCardPK: number }> {
  const { medical, dental } = await currentPlans(db, subscriberPK, null);
  if (!medical && !dental) throw conflict(NO_COVERAGE_MESSAGE);
  const [row] = await db
    .insert(idCards)
    .values({ subscriberPK, dependentPK: null, requestedBy: actor, cardNumber: newCardNumber() })
    .returning({ idCardPK: idCards.idCardPK });
  return { idCardPK: row!.idCardPK };
}

type CardRef = {
  subscriberPK?: number | undefined;
  idCardPK?: number | undefined;
  /** The subscriber's own card only, not a dependent's (a member's own view). */
  ownCard?: boolean;
};

/**
 * The named card, or the subscriber's latest. When both are given they must agree (the caller was
 * authorised on one of them only). "Latest" is the highest key: keys follow issue order, while
 * seeded issue times may lie later today than now.
 */
async function findCard(db: Db, ref: CardRef) {
  const [card] = await db
    .select()
    .from(idCards)
    .where(
      and(
        ref.idCardPK !== undefined ? eq(idCards.idCardPK, ref.idCardPK) : undefined,
        ref.subscriberPK !== undefined ? eq(idCards.subscriberPK, ref.subscriberPK) : undefined,
        ref.ownCard ? isNull(idCards.dependentPK) : undefined,
      ),
    )
    .orderBy(desc(idCards.idCardPK))
    .limit(1);
  if (!card) throw notFound(ref.idCardPK === undefined ? NO_ID_CARD_MESSAGE : undefined);
  return card;
}

function logoColor(logo: string | null, mimeType: string | null): string | null {
  if (!logo || (mimeType ?? 'image/svg+xml') !== 'image/svg+xml') return null;
  return /fill="(#[0-9a-f]{3,6})"/i.exec(Buffer.from(logo, 'base64').toString('utf8'))?.[1] ?? null;
}

/** Everything printed on a card, from member, group and current plan data. */
async function cardData(db: Db, card: typeof idCards.$inferSelect): Promise<IdCardData & { subscriberID: string }> {
  const [[member], [dependent], plansNow] = await Promise.all([
    db
      .select({ s: subscribers, e: employers })
      .from(subscribers)
      .innerJoin(employers, eq(employers.employerPK, subscribers.employerPK))
      .where(eq(subscribers.subscriberPK, card.subscriberPK)),
    card.dependentPK === null
      ? [undefined]
      : db.select().from(dependents).where(eq(dependents.dependentPK, card.dependentPK)),
    currentPlans(db, card.subscriberPK, card.dependentPK),
  ]);
  if (!member) throw notFound();
  const { s, e } = member;
  const person = dependent ?? s;
  const { medical, dental } = plansNow;
  return {
    subscriberID: s.subscriberID,
    groupName: e.employerName,
    groupID: e.employerID,
    bandColor: safeColor(logoColor(e.employerLogo, e.employerLogoMimeType)),
    memberName: `${person.firstName} ${person.lastName}`,
    memberID: dependent?.dependentID ?? s.subscriberID,
    cardNumber: card.cardNumber,
    medicalPlan: medical?.planName ?? null,
    medicalTier: medical?.tierName ?? null,
    dentalPlan: dental?.planName ?? null,
    dentalTier: dental?.tierName ?? null,
    effectiveDate: medical?.beginDate ?? dental?.beginDate ?? s.effectiveDate,
    issuedDate: format(card.createdAt, 'yyyy-MM-dd'),
  };
}

/** A member's own latest card as a PDF; the subscriber comes from the caller's grant. */
export async function myIdCardPdf(db: Db, employerPK: number, subscriberPK: number | null): Promise<FileAnswer> {
  if (subscriberPK === null) throw forbidden('Only a member of the group has an ID card to show.');
  const [member] = await db
    .select({ pk: subscribers.subscriberPK })
    .from(subscribers)
    .where(and(eq(subscribers.subscriberPK, subscriberPK), eq(subscribers.employerPK, employerPK)));
  if (!member) throw notFound('Your record was not found in this group.');
  return idCardPdf(db, { subscriberPK, ownCard: true });
}

export async function viewIdCard(db: Db, subscriberPK: number, idCardPK?: number): Promise<IdCard> {
  const card = await findCard(db, { subscriberPK, idCardPK });
  return { idCardPK: card.idCardPK, ...idCardImages(await cardData(db, card)) };
}

export async function idCardPdf(db: Db, ref: CardRef): Promise<FileAnswer> {
  const card = await findCard(db, ref);
  const data = await cardData(db, card);
  return pdfFile(`ID Card ${data.subscriberID}.pdf`, await renderIdCardPdf(data));
}
