import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { myAccountQueries } from '../../../api/my-account-queries';
import { PageHeading } from '../../../components/ui/page-heading';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { PasskeysSection } from './passkeys-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';
import { TwoStepSection } from './two-step-section';

/** My Account: the signed-in user's password, second factors and sessions. */
export function MyAccountScreen() {
  const account = useQuery(myAccountQueries.me());
  const data = account.data;
  return (
    <>
      <PageHeading title="My Account" />
      {data && (
        <Typography sx={{ mb: 2 }} data-testid="my-account-identity">
          {`${data.givenName} ${data.familyName}`.trim()} · {data.email}
        </Typography>
      )}
      <Stack spacing={3}>
        <PasswordSection />
        {account.isError && !data && (
          <RetryAlert
            title="Your account could not be loaded"
            error={account.error}
            onRetry={() => void account.refetch()}
          />
        )}
        {account.isPending && <Skeleton variant="rounded" height={160} aria-label="Loading your account" />}
        {data && <TwoStepSection account={data} />}
        <PasskeysSection />
        {data && <SessionsSection sessions={data.sessions} />}
      </Stack>
    </>
  );
}
