import { useNavigate } from '@tanstack/react-router';
import { MemberChooser, type MemberChoice } from '../../../components/member-chooser/member-chooser';
import { PageHeading } from '../../../components/ui/page-heading';
import { TERMINATE_CHOOSER_OPTIONS } from '../lib/terminate-search';

/** The terminate flow's chooser: termed members are never offered (the checkbox is disabled). */
export function TerminateMemberChooser() {
  const navigate = useNavigate();
  const choose = ({ subscriber, dependent }: MemberChoice) =>
    void navigate({
      to: '/terminate-subscriber/information',
      search: { subscriberPK: subscriber.subscriberPK, dependentPK: dependent?.dependentPK },
    });
  return (
    <>
      <PageHeading title="Terminate Subscriber/Dependent" subtitle="Choose a subscriber or dependent" />
      <MemberChooser pendingFlow="terminate" onChoose={choose} {...TERMINATE_CHOOSER_OPTIONS} />
    </>
  );
}
