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
import type { LookupItem } from '../../../contracts/common';
import type { Dependent } from '../../../contracts/dependents';
import type { SubscriberDetail } from '../../../contracts/subscribers';
import { useTermination } from '../hooks/use-termination';
import { TerminationForm } from './termination-form';
import {
  DependentTerminationInfoModal,
  RetroDateErrorModal,
  SubscriberTerminationInfoModal,
} from './termination-modals';

const CHOOSER = '/terminate-subscriber/choose-a-subscriber-or-dependent';

type TerminationPageProps = { subscriberPK: number; dependentPK?: number; reasons: readonly LookupItem[] };

/** The terminate flow's second screen, for a subscriber or (with dependentPK) one of their dependents. */
export function TerminationPage({ subscriberPK, dependentPK, reasons }: TerminationPageProps) {
  const { data: detail } = useSuspenseQuery(subscriberQueries.details(subscriberPK));
  return (
    <>
      <PageHeading
        title="Termination Information"
        subtitle={dependentPK ? 'Terminate a dependent' : 'Terminate a subscriber'}
      />
      {dependentPK ? (
        <DependentTermination detail={detail} dependentPK={dependentPK} reasons={reasons} />
      ) : (
        <TerminationFlow detail={detail} reasons={reasons} />
      )}
    </>
  );
}

function DependentTermination({
  detail,
  dependentPK,
  reasons,
}: {
  detail: SubscriberDetail;
  dependentPK: number;
  reasons: readonly LookupItem[];
}) {
  const { data: dependents } = useSuspenseQuery(
    dependentQueries.list({ subscriberPK: detail.subscriberPK, includetermed: true }),
  );
  const dependent = dependents.find((d) => d.dependentPK === dependentPK);
  if (!dependent) return <Alert severity="warning">This dependent was not found for the chosen subscriber.</Alert>;
  return <TerminationFlow detail={detail} dependent={dependent} reasons={reasons} />;
}

type TerminationFlowProps = { detail: SubscriberDetail; dependent?: Dependent; reasons: readonly LookupItem[] };

function TerminationFlow({ detail, dependent, reasons }: TerminationFlowProps) {
  const navigate = useNavigate();
  const flow = useTermination(detail, dependent);
  // Judged once, on arrival: the request this page submits must not trigger it.
  const [notice] = useState(() => pendingNoticeFor('terminate', detail, dependent ? 'dependent' : 'subscriber'));
  const subscriberName = `${detail.subscriber.firstName} ${detail.subscriber.lastName}`;
  const name = dependent ? `${dependent.firstName} ${dependent.lastName}` : subscriberName;
  const toChooser = () => void navigate({ to: CHOOSER });
  const member = dependent
    ? `${dependent.relationship || 'Dependent'} ${name} of subscriber ${subscriberName}`
    : `Subscriber ${name} (ID ${detail.subscriberID})`;

  return (
    <>
      <Typography sx={{ mb: 3 }}>{member}</Typography>
      {notice === null && (
        <TerminationForm
          reasons={reasons}
          member={member}
          onCheck={flow.check}
          onNext={flow.submit}
          onBack={toChooser}
        />
      )}
      <PendingNoticeModal message={notice} onReturn={toChooser} />
      <RetroDateErrorModal
        open={flow.modal === 'errorModal'}
        isDependent={Boolean(dependent)}
        onBack={flow.closeModal}
      />
      <SubscriberTerminationInfoModal
        open={flow.modal === 'submittedTerminateSubscriberModal'}
        name={name}
        onOk={flow.finishSubscriber}
      />
      <DependentTerminationInfoModal
        open={flow.modal === 'submittedTerminateDependentModal'}
        name={name}
        proceeding={flow.proceeding}
        onProceed={flow.proceedToCoverage}
      />
    </>
  );
}
