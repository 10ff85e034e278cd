import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MemberChooser, type MemberChoice } from '../../../components/member-chooser/member-chooser';
import { PageHeading } from '../../../components/ui/page-heading';
import type { LookupItem } from '../../../contracts/common';
import type { SubscriberSummary } from '../../../contracts/subscribers';
import { startCoverageChange } from '../../../stores/enrollment-handoff';
import { closeModal, openModal, useIsModalOpen } from '../../../stores/modal-slice';
import { QualifyingEventModal } from './qualifying-event-modal';

/**
 * Change coverage (spec 1 §4): choose a subscriber, then the qualifying event; the enrollment
 * wizard carries on for that member from its first page.
 */
export function ChangeCoveragePage({ reasons }: { reasons: readonly LookupItem[] }) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<SubscriberSummary | null>(null);
  const open = useIsModalOpen('changeCoverageModal');

  const choose = ({ subscriber }: MemberChoice) => {
    setChosen(subscriber);
    openModal('changeCoverageModal');
  };

  const start = (changeReasonPK: number) => {
    if (!chosen) return;
    // A new change starts a new request: whatever draft the wizard held (and its typed forms) goes.
    startCoverageChange(chosen.subscriberPK, changeReasonPK);
    closeModal();
    void navigate({ to: '/enroll-subscriber/personal-information' });
  };

  return (
    <>
      <PageHeading title="Change Coverage" subtitle="Choose the subscriber whose coverage changes" />
      <MemberChooser pendingFlow="changeCoverage" allowDependents={false} onChoose={choose} />
      <QualifyingEventModal
        memberName={open && chosen ? `${chosen.firstName} ${chosen.lastName}` : null}
        reasons={reasons}
        onSubmit={start}
        onCancel={closeModal}
      />
    </>
  );
}
