import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { subscriberQueries } from '../../../api/subscriber-queries';
import { PendingNoticeModal } from '../../../components/member-chooser/pending-notice-modal';
import { pendingNoticeFor } from '../../../components/member-chooser/pending-notice';
import { PageHeading } from '../../../components/ui/page-heading';
import type { DropdownLists } from '../../../contracts/lookups';
import { useEmployerPK } from '../../../hooks/use-session';
import { notify } from '../../../stores/notification-store';
import { SubscriberUpdateForm } from './subscriber-update-form';

const CHOOSER = '/update-subscriber/choose-a-subscriber-or-dependent';

type SubscriberUpdatePageProps = { subscriberPK: number; lookups: DropdownLists };

/** Page 2 of 2 of the update flow for a subscriber. */
export function SubscriberUpdatePage({ subscriberPK, lookups }: SubscriberUpdatePageProps) {
  const { data: detail } = useSuspenseQuery(subscriberQueries.details(subscriberPK));
  const employerPK = useEmployerPK();
  const navigate = useNavigate();
  // Judged once, on arrival (a reload or a link): the request this page submits must not trigger it.
  const [notice] = useState(() => pendingNoticeFor('update', detail));
  const name = `${detail.subscriber.firstName} ${detail.subscriber.lastName}`;
  const toChooser = () => void navigate({ to: CHOOSER });

  const saved = () => {
    notify({
      severity: 'success',
      title: 'Update request submitted',
      message: `The changes to ${name}'s personal information were submitted.`,
    });
    toChooser();
  };

  return (
    <>
      <PageHeading title="Personal Information" subtitle="Page 2 of 2" />
      <Typography sx={{ mb: 3 }}>
        Subscriber {name} (ID {detail.subscriberID})
      </Typography>
      {notice === null && (
        <SubscriberUpdateForm
          detail={detail}
          employerPK={employerPK}
          lookups={lookups}
          onSaved={saved}
          onCancel={toChooser}
        />
      )}
      <PendingNoticeModal message={notice} onReturn={toChooser} />
    </>
  );
}
