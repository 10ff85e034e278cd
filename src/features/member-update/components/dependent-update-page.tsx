import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { dependentQueries } from '../../../api/dependent-queries';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { PendingNoticeModal } from '../../../components/member-chooser/pending-notice-modal';
import { pendingNoticeFor } from '../../../components/member-chooser/pending-notice';
import { PageHeading } from '../../../components/ui/page-heading';
import type { DropdownLists } from '../../../contracts/lookups';
import { useEmployerPK } from '../../../hooks/use-session';
import { notify } from '../../../stores/notification-store';
import { DependentUpdateForm } from './dependent-update-form';

const CHOOSER = '/update-subscriber/choose-a-subscriber-or-dependent';

type DependentUpdatePageProps = { subscriberPK: number; dependentPK: number; lookups: DropdownLists };

/** Page 2 of 2 of the update flow for a dependent (found in its subscriber's dependent list). */
export function DependentUpdatePage({ subscriberPK, dependentPK, lookups }: DependentUpdatePageProps) {
  const { data: detail } = useSuspenseQuery(subscriberQueries.details(subscriberPK));
  const { data: dependents } = useSuspenseQuery(dependentQueries.list({ subscriberPK, includetermed: true }));
  const employerPK = useEmployerPK();
  const navigate = useNavigate();
  const [notice] = useState(() => pendingNoticeFor('update', detail, 'dependent'));
  const dependent = dependents.find((d) => d.dependentPK === dependentPK);
  const toChooser = () => void navigate({ to: CHOOSER });

  const saved = () => {
    notify({
      severity: 'success',
      title: 'Update request submitted',
      message: dependent
        ? `The changes to ${dependent.firstName} ${dependent.lastName}'s information were submitted.`
        : undefined,
    });
    toChooser();
  };

  return (
    <>
      <PageHeading title="Dependent Information" subtitle="Page 2 of 2" />
      {dependent ? (
        <>
          <Typography sx={{ mb: 3 }}>
            {dependent.relationship || 'Dependent'} {dependent.firstName} {dependent.lastName} of subscriber{' '}
            {detail.subscriber.firstName} {detail.subscriber.lastName}
          </Typography>
          {notice === null && (
            <DependentUpdateForm
              dependent={dependent}
              employerPK={employerPK}
              lookups={lookups}
              onSaved={saved}
              onCancel={toChooser}
            />
          )}
        </>
      ) : (
        <Alert severity="warning">This dependent was not found for the chosen subscriber.</Alert>
      )}
      <PendingNoticeModal message={notice} onReturn={toChooser} />
    </>
  );
}
