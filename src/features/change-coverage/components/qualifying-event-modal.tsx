import { PickOneDialog, PickOneForm } from '../../../components/ui/pick-one-dialog';
import type { LookupItem } from '../../../contracts/common';

const TITLE_ID = 'qualifying-event-title';

type QualifyingEventModalProps = {
  /** The chosen member's name; the modal is open while there is one. */
  memberName: string | null;
  reasons: readonly LookupItem[];
  onSubmit: (changeReasonPK: number) => void;
  onCancel: () => void;
};

/** 'Qualifying Event' (spec 1 §2 Modals): Submit stays disabled until a reason is chosen. */
export function QualifyingEventModal({ memberName, reasons, onSubmit, onCancel }: QualifyingEventModalProps) {
  return (
    <PickOneDialog open={memberName !== null} onCancel={onCancel} titleId={TITLE_ID} maxWidth="sm">
      <PickOneForm
        titleId={TITLE_ID}
        title="Qualifying Event"
        text={
          <>
            Choose the qualifying event for {memberName}. By submitting you confirm that this event occurred and that
            the coverage change is requested because of it.
          </>
        }
        selectId="qualifying-event-reason"
        label="Qualifying Event"
        placeholder="Select a qualifying event"
        options={reasons.map((reason) => ({ value: reason.pk, label: reason.name }))}
        onPick={onSubmit}
        onCancel={onCancel}
      />
    </PickOneDialog>
  );
}
