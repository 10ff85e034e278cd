import { createFileRoute } from '@tanstack/react-router';
import { useSwitchGroup } from '../../features/employers/hooks/use-switch-group';
import { GroupSetupScreen } from '../../features/group-setup/group-setup-screen';

export const Route = createFileRoute('/_authenticated/group-setup')({
  staticData: { title: 'Group Setup' },
  component: GroupSetupPage,
});

function GroupSetupPage() {
  return <GroupSetupScreen onSwitchGroup={useSwitchGroup()} />;
}
