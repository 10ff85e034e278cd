import { endpoints } from '../../contracts/endpoints';
import { isApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { openBlobInNewWindow } from '../../lib/open-document';
import { notify } from '../../stores/notification-store';

type Member = { subscriberPK: number; firstName: string; lastName: string };

const fileNameOf = (member: Member) => `ID Card ${member.firstName} ${member.lastName}.pdf`;

/**
 * The call layer stays silent on a 404 (spec 2 §8), but here it means the member has no card yet,
 * which the user needs to know. Returns false for any other failure.
 */
function reportMissingCard(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 404) return false;
  notify({
    title: 'No ID card',
    message: error.problem.detail ?? 'No ID card has been issued for this member.',
    severity: 'info',
  });
  return true;
}

/** 'View ID Card': the member's latest card as a PDF in a new window. Call it inside the click. */
export function openLatestIdCardPdf(member: Member): void {
  // Other failures were already shown by the call layer.
  openBlobInNewWindow(endpoints.idCardPdf, { query: { subscriberPK: member.subscriberPK } }, fileNameOf(member)).catch(
    reportMissingCard,
  );
}

/** 'Download ID Card': one card's PDF saved as a file. */
export async function downloadIdCardPdf(member: Member, idCardPK: number): Promise<void> {
  // downloadFile leaves every failure to its caller.
  await downloadFile(endpoints.idCardPdf, { query: { idCardPK } }, { fileName: fileNameOf(member) }).catch(
    (error: unknown) => {
      if (reportMissingCard(error)) return;
      const message = isApiError(error) ? (error.problem.detail ?? error.problem.title) : undefined;
      notify({ title: isApiError(error) ? `Action failed (${error.status})` : 'Action failed', message });
    },
  );
}
