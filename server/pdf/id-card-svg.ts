import { CARD_HEIGHT, CARD_WIDTH, idCardBack, idCardFront, type CardElement, type IdCardData } from './id-card-layout';

/** Escapes text and attribute values; member and plan names carry apostrophes and ampersands. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// pdfkit places a line by its top; SVG by its baseline (Helvetica's ascender is 0.718 em).
const ASCENT = 0.718;

function svgElement(e: CardElement): string {
  if (e.kind === 'rect') {
    const radius = e.radius ? ` rx="${e.radius}"` : '';
    const stroke = e.stroke ? ` stroke="${e.stroke}" stroke-width="1"` : '';
    return `<rect x="${e.x}" y="${e.y}" width="${e.width}" height="${e.height}"${radius} fill="${e.fill}"${stroke}/>`;
  }
  const anchor = e.align === 'right' ? ' text-anchor="end"' : '';
  const weight = e.bold ? ' font-weight="700"' : '';
  const baseline = +(e.y + e.size * ASCENT).toFixed(2);
  return `<text x="${e.x}" y="${baseline}" font-size="${e.size}"${weight} fill="${e.color}"${anchor}>${escapeXml(e.text)}</text>`;
}

function svgCard(elements: CardElement[], label: string): string {
  return [
    // Drawn at twice the layout size so the image stays sharp in the modal.
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH * 2}" height="${CARD_HEIGHT * 2}" `,
    `viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-label="${escapeXml(label)}" `,
    'font-family="Helvetica, Arial, sans-serif">',
    ...elements.map(svgElement),
    '</svg>',
  ].join('');
}

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/** Front and back of a card as SVG data URLs (the ViewIDCard answer's images). */
export function idCardImages(card: IdCardData): { frontImage: string; backImage: string } {
  return {
    frontImage: dataUrl(svgCard(idCardFront(card), `ID card front of ${card.memberName}`)),
    backImage: dataUrl(svgCard(idCardBack(card), `ID card back of ${card.memberName}`)),
  };
}
