import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { ErrorSummary } from '../../../components/form/error-summary';
import type { DropdownLists } from '../../../contracts/lookups';
import { START_BEFORE_GROUP_MESSAGE, SUBSCRIBER_EXISTS_MESSAGE } from '../../../contracts/requests';
import { openModal } from '../../../stores/modal-slice';
import { useInitialSections } from '../hooks/use-initial-sections';
import { useReviewSubmit } from '../hooks/use-review-submit';
import { useWizardJourney } from '../hooks/use-wizard-journey';
import { useWizardPointers } from '../hooks/use-wizard-pointers';
import { reviewSections } from '../lib/review-rows';
import { isBlankDependent } from '../lib/wizard-values';
import { CancelEnrollment } from './cancel-enrollment';
import { EnrollmentCompleteModals } from './enrollment-complete-modals';
import { NoticeDialog } from './notice-dialog';
import { ReviewSummary } from './review-summary';
import { WizardHeading } from './wizard-heading';

export const REVIEW_TITLE = 'Review and submit';

type ReviewPageProps = { lists: DropdownLists };

/** After the plan step: every answer of the request with a way back to its step, and Submit. */
export function ReviewPage({ lists }: ReviewPageProps) {
  const journey = useWizardJourney();
  // Once submitted the request is cleared from this browser: only the closing dialogs stay.
  const [submitted, setSubmitted] = useState(false);
  return (
    <>
      {!submitted && <ReviewStep lists={lists} onSubmitted={() => setSubmitted(true)} />}
      <EnrollmentCompleteModals journey={journey} />
    </>
  );
}

function ReviewStep({ lists, onSubmitted }: ReviewPageProps & { onSubmitted: () => void }) {
  const pointers = useWizardPointers();
  const navigate = useNavigate();
  const { data: draft } = useSuspenseQuery(enrollmentQueries.draft(pointers.requestPK));
  const { data: divisions } = useSuspenseQuery(enrollmentQueries.divisions(pointers.employerPK));
  const sections = useInitialSections(draft);
  const plan = sections.plan;
  const division = plan?.divisions ?? 0;
  const hasDependents =
    sections.dependents?.hasDependents ?? sections.dependents?.dependents.some((d) => !isBlankDependent(d)) ?? false;
  const year = new Date().getFullYear();
  const named = useSuspenseQueries({
    queries: [
      enrollmentQueries.plans({ employerPK: pointers.employerPK, division, year, planType: 'Medical' }),
      enrollmentQueries.plans({ employerPK: pointers.employerPK, division, year, planType: 'Dental' }),
      enrollmentQueries.plans({ employerPK: pointers.employerPK, division, year, planType: 'FSA' }),
      enrollmentQueries.tiers({
        employerPK: pointers.employerPK,
        isMedical: true,
        hasDependents,
        divisionId: division,
      }),
      enrollmentQueries.tiers({
        employerPK: pointers.employerPK,
        isMedical: false,
        hasDependents,
        divisionId: division,
      }),
    ],
  });
  const [medical, dental, fsa, medicalTiers, dentalTiers] = named;
  const rows = useMemo(
    () =>
      reviewSections(sections, {
        lists,
        divisions,
        plans: [...medical.data, ...dental.data, ...fsa.data],
        tiers: [...medicalTiers.data, ...dentalTiers.data],
      }),
    [sections, lists, divisions, medical.data, dental.data, fsa.data, medicalTiers.data, dentalTiers.data],
  );
  const review = useReviewSubmit(plan, () => {
    openModal('createdNewSubscriberModal');
    onSubmitted();
  });

  return (
    <>
      <WizardHeading title={REVIEW_TITLE} stepLine="Check the answers before submitting" />
      <ErrorSummary
        title="The request was not submitted:"
        items={review.messages.map((message) => ({ message }))}
        focusKey={review.attempt}
      />
      <ReviewSummary sections={rows} />
      <Typography sx={{ mt: 4, mb: 2 }}>
        By submitting you confirm that these details are correct to the best of your knowledge.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={review.busy}
          onClick={() => void navigate({ to: '/enroll-subscriber/choose-a-plan' })}
        >
          Back
        </Button>
        <CancelEnrollment disabled={review.busy} />
        <Button variant="contained" disabled={review.busy} onClick={() => void review.submit()}>
          Submit
        </Button>
      </Stack>
      <NoticeDialog
        open={review.notice === 'startBeforeGroup'}
        title="Notice"
        message={START_BEFORE_GROUP_MESSAGE}
        buttonLabel="Return to previous step"
        onClose={() => {
          review.closeNotice();
          void navigate({ to: '/enroll-subscriber/employment-information' });
        }}
      />
      <NoticeDialog
        open={review.notice === 'exists'}
        title="Subscriber Record Exists"
        message={SUBSCRIBER_EXISTS_MESSAGE}
        onClose={review.closeNotice}
      />
    </>
  );
}
