import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import type { EmployerDetails } from '../../../contracts/employers';
import { formatIsoDate } from '../../../lib/calendar-date';
import { closeModal, useIsModalOpen } from '../../../stores/modal-slice';
import { COVERAGE_REFRESH_MS, coverageLoads, type LoadedSubscriber } from '../coverage-loads';
import { useRefreshAfter } from '../use-refresh-after';
import {
  DependentsSection,
  DivisionAndGroupSection,
  FsaSection,
  MemberSection,
  PlanSections,
} from './coverage-sections';

const TITLE_ID = 'view-member-coverage-title';

/**
 * 'View Member Coverage' (coverageInquiryModal): static backdrop, so only Close (or Escape) ends it.
 * Its data is refetched once, 5 seconds after it appears, while it stays open.
 */
type CoverageModalProps = {
  loaded: LoadedSubscriber | null;
  /** The current group, whose members the screen lists. */
  group: EmployerDetails | undefined;
};

export function CoverageModal({ loaded, group }: CoverageModalProps) {
  const open = useIsModalOpen('coverageInquiryModal') && loaded !== null;
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') closeModal();
      }}
      aria-labelledby={TITLE_ID}
      maxWidth="md"
      fullWidth
      scroll="paper"
    >
      <DialogTitle id={TITLE_ID}>View Member Coverage</DialogTitle>
      {loaded && <CoverageContent loaded={loaded} open={open} group={group} />}
      <DialogActions>
        <Button variant="contained" onClick={closeModal}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CoverageContent({
  loaded,
  open,
  group,
}: {
  loaded: LoadedSubscriber;
  open: boolean;
  group: EmployerDetails | undefined;
}) {
  const loads = coverageLoads(loaded);
  // 'View Coverage' has just fetched all three (a failed FSA call included): opening reads them once,
  // and the forced refresh below is the only other fetch.
  const once = { refetchOnMount: false, retryOnMount: false } as const;
  const details = useQuery({ ...loads.details, ...once });
  const dependents = useQuery({ ...loads.dependents, ...once });
  const fsa = useQuery({ ...loads.fsa, ...once });

  useRefreshAfter(open, COVERAGE_REFRESH_MS, () => {
    void details.refetch();
    void dependents.refetch();
    void fsa.refetch();
  });

  const refreshing = details.isFetching || dependents.isFetching || fsa.isFetching;
  return (
    // Focusable so keyboard users can scroll a long coverage.
    <DialogContent dividers tabIndex={0}>
      {refreshing ? <LinearProgress aria-label="Refreshing coverage" sx={{ mb: 1 }} /> : null}
      {details.isError && <Alert severity="error">The member&apos;s coverage could not be loaded.</Alert>}
      {details.data?.termDate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Termed on {formatIsoDate(details.data.termDate)}. The coverage shown is what the member had until then.
        </Alert>
      )}
      {details.data && (
        <>
          <MemberSection detail={details.data} />
          <PlanSections plan={details.data.planData} />
          <DivisionAndGroupSection plan={details.data.planData} employer={group} />
        </>
      )}
      {dependents.data && <DependentsSection dependents={dependents.data} />}
      {/* A failed FSA call shows nothing at all (spec 2 §4). */}
      {fsa.data && <FsaSection items={fsa.data.result} />}
    </DialogContent>
  );
}
