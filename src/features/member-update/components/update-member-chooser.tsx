import { useNavigate } from '@tanstack/react-router';
import { MemberChooser, type MemberChoice } from '../../../components/member-chooser/member-chooser';
import { PageHeading } from '../../../components/ui/page-heading';

/** Page 1 of 2 of the update flow: a subscriber or one of their dependents. */
export function UpdateMemberChooser() {
  const navigate = useNavigate();
  const choose = ({ subscriber, dependent }: MemberChoice) => {
    if (dependent) {
      void navigate({
        to: '/update-subscriber/update-dependent-information',
        search: { dependentPK: dependent.dependentPK, subscriberPK: subscriber.subscriberPK },
      });
    } else {
      void navigate({
        to: '/update-subscriber/update-personal-information',
        search: { subscriberPK: subscriber.subscriberPK },
      });
    }
  };
  return (
    <>
      <PageHeading title="Update Subscriber/Dependent Demographics" subtitle="Page 1 of 2" />
      <MemberChooser pendingFlow="update" onChoose={choose} />
    </>
  );
}
