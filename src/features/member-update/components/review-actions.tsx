import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { useReviewChanges } from '../hooks/use-review-changes';
import { ConfirmChangesModal } from './confirm-changes-modal';

type Props = {
  review: ReturnType<typeof useReviewChanges>;
  saving: boolean;
  onCancel: () => void;
};

/** Back and Review Changes under an update form, with the confirmation of the reviewed changes. */
export function ReviewActions({ review, saving, onCancel }: Props) {
  return (
    <>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={onCancel}>
          Back
        </Button>
        <Button type="submit" variant="contained">
          Review Changes
        </Button>
      </Stack>
      <ConfirmChangesModal
        open={review.modalOpen}
        changes={review.changes}
        saving={saving}
        onConfirm={review.confirm}
        onCancel={review.cancel}
      />
    </>
  );
}
