import type { Claim } from '../../src/contracts/claims';
import { usDate } from '../lib/calendar';
import { usd } from '../lib/money';
import { renderPdf } from './pdfkit-buffer';

type EobData = Claim & {
  groupName: string;
  groupID: string;
  subscriberName: string;
  subscriberID: string;
};

const INK = '#1a1a1a';
const MUTED = '#5f6368';
const RULE = '#c7ccd1';

/** An explanation of benefits: who, what and when, then the money, then the payment status. */
export function renderEobPdf(eob: EobData): Promise<Buffer> {
  const patientName = `${eob.patientFirstName} ${eob.patientLastName}`;
  return renderPdf({ title: `Explanation of Benefits ${eob.claimNumber}`, subject: eob.groupName }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text('Explanation of Benefits', left, 54, { width });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('This is not a bill.', { width });
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(eob.groupName, { width });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Group ID ${eob.groupID}`, { width });
    doc.moveDown(1);

    const rows: [string, string][] = [
      ['Patient', patientName],
      ['Subscriber', `${eob.subscriberName} (${eob.subscriberID})`],
      ['Provider', eob.providerName],
      ['Claim Number', eob.claimNumber],
      ['Claim Type', eob.claimType],
      ['Service Date', usDate(eob.serviceDate)],
      ['Payment Date', eob.paymentDate ? usDate(eob.paymentDate) : 'In-Process'],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, left, y, { width: 130, lineBreak: false });
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(INK)
        .text(value, left + 140, y, { width: width - 140 });
      doc.moveDown(0.35);
    }

    doc.moveDown(1);
    const amounts: [string, number][] = [
      ['Billed Amount', eob.billedAmount],
      ['Allowed Amount', eob.allowedAmount],
      ['Plan Paid', eob.planPayment],
      ['Patient Owes', eob.patientOwesAmount],
    ];
    const column = width / amounts.length;
    const headTop = doc.y;
    doc
      .moveTo(left, headTop)
      .lineTo(left + width, headTop)
      .lineWidth(0.75)
      .stroke(RULE);
    amounts.forEach(([label], i) =>
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(label, left + i * column, headTop + 6, { width: column - 8, align: 'right' }),
    );
    const valueTop = headTop + 22;
    amounts.forEach(([, amount], i) =>
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor(INK)
        .text(usd(amount), left + i * column, valueTop, { width: column - 8, align: 'right' }),
    );
    const footTop = valueTop + 22;
    doc
      .moveTo(left, footTop)
      .lineTo(left + width, footTop)
      .lineWidth(0.75)
      .stroke(RULE);

    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        eob.paymentDate
          ? `The plan paid ${usd(eob.planPayment)} on ${usDate(eob.paymentDate)}. The patient's share is ${usd(eob.patientOwesAmount)}.`
          : 'This claim is in process; amounts may change until it is paid.',
        left,
        footTop + 14,
        { width },
      );
  });
}
