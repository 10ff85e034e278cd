import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { PageHeading } from '../../components/ui/page-heading';
import { RetryAlert } from '../../components/ui/retry-alert';
import { useEmployerPK } from '../../hooks/use-session';
import { CloseWindowPanel } from './close-window-panel';
import { ClosedWindowPanel } from './closed-window-panel';
import { EnrollmentStatusList } from './enrollment-status-list';
import { InviteEmployeesPanel } from './invite-employees-panel';
import { OpenWindowForm } from './open-window-form';
import { RemindMembersPanel } from './remind-members-panel';
import { WindowProgressPanel } from './window-progress-panel';

/** Open Enrollment (HR, Broker, GroupAdmin): open the group's window, then follow its progress. */
export function OpenEnrollmentScreen() {
  const employerPK = useEmployerPK();
  const progress = useQuery(openEnrollmentQueries.window(employerPK));
  const data = progress.data;
  return (
    <>
      <PageHeading title="Open Enrollment" />
      <Stack spacing={3}>
        {progress.isPending && <Skeleton variant="rounded" height={240} aria-label="Loading open enrollment" />}
        {progress.isError && (
          <RetryAlert
            title="Open enrollment could not be loaded"
            error={progress.error}
            onRetry={() => void progress.refetch()}
          />
        )}
        {data &&
          (data.window ? (
            <>
              <WindowProgressPanel progress={{ ...data, window: data.window }} />
              <CloseWindowPanel employerPK={employerPK} progress={{ ...data, window: data.window }} />
            </>
          ) : (
            <>
              {data.closed && <ClosedWindowPanel employerPK={employerPK} closed={data.closed} />}
              <OpenWindowForm employerPK={employerPK} />
            </>
          ))}
        {/* Where each member stands: in the open window, or else in the last closed one (pages start over per group). */}
        {(data?.window || data?.closed) && <EnrollmentStatusList key={employerPK} employerPK={employerPK} />}
        {data?.window?.open && <RemindMembersPanel employerPK={employerPK} />}
        <InviteEmployeesPanel employerPK={employerPK} />
      </Stack>
    </>
  );
}
