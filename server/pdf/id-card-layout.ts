// One description of both card sides, drawn twice: as SVG for the view modal and with pdfkit for the
// PDF, so the two can never disagree. Units are PDF points; the card is 340 x 214 (a bank card's
// proportions, enlarged for reading on screen and paper).
import { usDate } from '../lib/calendar';

export const CARD_WIDTH = 340;
export const CARD_HEIGHT = 214;

export type IdCardData = {
  groupName: string;
  groupID: string;
  /** `#rgb` or `#rrggbb`; the band in the group's logo colour. */
  bandColor: string;
  memberName: string;
  memberID: string;
  cardNumber: string;
  medicalPlan: string | null;
  medicalTier: string | null;
  dentalPlan: string | null;
  dentalTier: string | null;
  effectiveDate: string | null;
  /** `yyyy-MM-dd`. */
  issuedDate: string;
};

export type CardElement =
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      fill: string;
      stroke?: string;
      radius?: number;
    }
  | {
      kind: 'text';
      x: number;
      /** Top of the text line (pdfkit's convention; the SVG side derives the baseline). */
      y: number;
      text: string;
      size: number;
      color: string;
      bold?: boolean;
      /** Right-aligned text ends at x. */
      align?: 'left' | 'right';
    };

/** Fixed service text on the back of every card. */
const CARD_BACK_TEXT = {
  claimsTitle: 'Submit claims to',
  claimsAddress: ['Benefits Administration Claims', 'PO Box 30542', 'Salt Lake City, UT 84130'],
  customerService: 'Customer Service: 1-800-555-0142',
  customerHours: 'Monday to Friday, 7 am to 7 pm',
  pharmacyTitle: 'Pharmacy',
  pharmacyLines: ['RxBIN 610014 · RxPCN BENRX', 'Pharmacy Help Desk: 1-800-555-0199'],
  notice: 'Possession of this card does not guarantee eligibility for benefits.',
} as const;

const DEFAULT_BAND = '#1f4e79';
const INK = '#1a1a1a';
const MUTED = '#5f6368';
const PAD = 14;

/** Accepts only a plain hex colour, so nothing else can reach an SVG attribute or pdfkit. */
export function safeColor(value: string | null | undefined): string {
  return value && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : DEFAULT_BAND;
}

/** Cuts text that would run off the card; Helvetica averages about half an em per character. */
function fit(text: string, width: number, size: number, bold = false): string {
  const max = Math.floor(width / (size * (bold ? 0.58 : 0.52)));
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 3)).trimEnd()}...`;
}

function field(x: number, y: number, width: number, label: string, value: string, size = 10): CardElement[] {
  return [
    { kind: 'text', x, y, text: label.toUpperCase(), size: 6.5, color: MUTED },
    { kind: 'text', x, y: y + 9, text: fit(value, width, size, true), size, color: INK, bold: true },
  ];
}

function frame(band: string, bandHeight: number): CardElement[] {
  return [
    {
      kind: 'rect',
      x: 0,
      y: 0,
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fill: '#ffffff',
      stroke: '#c7ccd1',
      radius: 12,
    },
    { kind: 'rect', x: 0, y: 0, width: CARD_WIDTH, height: bandHeight, fill: band, radius: 12 },
    // Squares off the band's lower corners.
    { kind: 'rect', x: 0, y: bandHeight - 12, width: CARD_WIDTH, height: 12, fill: band },
  ];
}

const planText = (plan: string | null, tier: string | null) =>
  plan ? (tier ? `${plan} - ${tier}` : plan) : 'Not enrolled';

export function idCardFront(card: IdCardData): CardElement[] {
  const band = safeColor(card.bandColor);
  const inner = CARD_WIDTH - 2 * PAD;
  return [
    ...frame(band, 46),
    {
      kind: 'text',
      x: PAD,
      y: 10,
      text: fit(card.groupName, inner - 70, 13, true),
      size: 13,
      color: '#ffffff',
      bold: true,
    },
    { kind: 'text', x: PAD, y: 29, text: `Group ID ${card.groupID}`, size: 8, color: '#ffffff' },
    { kind: 'text', x: CARD_WIDTH - PAD, y: 29, text: 'MEMBER ID CARD', size: 7, color: '#ffffff', align: 'right' },
    ...field(PAD, 56, inner, 'Member', card.memberName, 12),
    ...field(PAD, 86, 110, 'Member ID', card.memberID),
    ...field(PAD + 120, 86, 100, 'Card Number', card.cardNumber),
    ...field(PAD + 230, 86, inner - 230, 'Group ID', card.groupID),
    ...field(PAD, 114, inner, 'Medical', planText(card.medicalPlan, card.medicalTier), 9),
    ...field(PAD, 142, inner, 'Dental', planText(card.dentalPlan, card.dentalTier), 9),
    ...field(PAD, 170, 150, 'Effective Date', card.effectiveDate ? usDate(card.effectiveDate) : 'Not available', 9),
    {
      kind: 'text',
      x: CARD_WIDTH - PAD,
      y: 192,
      text: `Issued ${card.issuedDate}`,
      size: 7,
      color: MUTED,
      align: 'right',
    },
  ];
}

export function idCardBack(card: IdCardData): CardElement[] {
  const band = safeColor(card.bandColor);
  const t = CARD_BACK_TEXT;
  const line = (y: number, text: string, bold = false, size = 8): CardElement => ({
    kind: 'text',
    x: PAD,
    y,
    text,
    size,
    color: INK,
    ...(bold ? { bold } : {}),
  });
  return [
    ...frame(band, 20),
    { kind: 'text', x: PAD, y: 6, text: fit(card.groupName, 200, 8, true), size: 8, color: '#ffffff', bold: true },
    {
      kind: 'text',
      x: CARD_WIDTH - PAD,
      y: 6,
      text: `Card ${card.cardNumber}`,
      size: 8,
      color: '#ffffff',
      align: 'right',
    },
    line(30, t.claimsTitle.toUpperCase(), true, 7),
    ...t.claimsAddress.map((text, i) => line(40 + i * 10, text)),
    line(78, t.customerService, true, 9),
    line(90, t.customerHours),
    line(110, t.pharmacyTitle.toUpperCase(), true, 7),
    line(120, `${t.pharmacyLines[0]} · RxGRP ${card.groupID}`),
    line(130, t.pharmacyLines[1]),
    ...field(PAD, 152, 200, 'Card Number', card.cardNumber),
    { kind: 'text', x: PAD, y: 192, text: t.notice, size: 6.5, color: MUTED },
  ];
}
