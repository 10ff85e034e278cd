import { PickOneDialog, PickOneForm } from '../../../components/ui/pick-one-dialog';
import { closeModal, useIsModalOpen } from '../../../stores/modal-slice';
import { useSwitchGroup } from '../hooks/use-switch-group';
import { useUserGroups } from '../hooks/use-user-groups';

const TITLE_ID = 'broker-modal-title';

/** Group chooser (spec 1 §2 Modals: Broker). */
export function BrokerModal() {
  const open = useIsModalOpen('brokerModal');
  return (
    <PickOneDialog open={open} onCancel={closeModal} titleId={TITLE_ID} maxWidth="xs">
      <BrokerForm onCancel={closeModal} />
    </PickOneDialog>
  );
}

/** The groups' details load only while the dialog is open. */
function BrokerForm({ onCancel }: { onCancel: () => void }) {
  const groups = useUserGroups();
  const switchGroup = useSwitchGroup();
  return (
    <PickOneForm
      titleId={TITLE_ID}
      title="Choose an Employer Group"
      text="The group you choose becomes the current one for every screen."
      selectId="broker-employer-group"
      label="Employer Group"
      placeholder="Select a group"
      options={groups.map((group) => ({ value: group.employerPK, label: group.employerName }))}
      onPick={(employerPK) => void switchGroup(employerPK)}
      onCancel={onCancel}
    />
  );
}
