import { CARD_HEIGHT, CARD_WIDTH, idCardBack, idCardFront, type CardElement, type IdCardData } from './id-card-layout';
import { renderPdf } from './pdfkit-buffer';

function drawCard(doc: PDFKit.PDFDocument, elements: CardElement[], left: number, top: number) {
  for (const e of elements) {
    if (e.kind === 'rect') {
      const shape = e.radius
        ? doc.roundedRect(left + e.x, top + e.y, e.width, e.height, e.radius)
        : doc.rect(left + e.x, top + e.y, e.width, e.height);
      if (e.stroke) shape.lineWidth(1).fillAndStroke(e.fill, e.stroke);
      else shape.fill(e.fill);
      continue;
    }
    doc
      .font(e.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(e.size)
      .fillColor(e.color);
    const x = e.align === 'right' ? left + e.x - doc.widthOfString(e.text) : left + e.x;
    doc.text(e.text, x, top + e.y, { lineBreak: false });
  }
}

/** Both sides of the card on one page, under the group's name. */
export function idCardPdf(card: IdCardData): Promise<Buffer> {
  return renderPdf({ title: `ID Card ${card.memberID}`, subject: card.groupName }, (doc) => {
    const left = (doc.page.width - CARD_WIDTH) / 2;
    const pageLeft = doc.page.margins.left;
    const contentWidth = doc.page.width - pageLeft - doc.page.margins.right;
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor('#1a1a1a')
      .text(card.groupName, pageLeft, 54, { width: contentWidth });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#5f6368')
      .text(`Member ID card of ${card.memberName}, issued ${card.issuedDate}`, { width: contentWidth });

    const frontTop = 110;
    const backTop = frontTop + CARD_HEIGHT + 40;
    const caption = (text: string, top: number) =>
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#5f6368')
        .text(text, left, top - 14, { lineBreak: false });
    caption('FRONT', frontTop);
    drawCard(doc, idCardFront(card), left, frontTop);
    caption('BACK', backTop);
    drawCard(doc, idCardBack(card), left, backTop);
  });
}
