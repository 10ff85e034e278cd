import { createFileRoute } from '@tanstack/react-router';
import { loadMemberList } from '../../../components/member-chooser/member-list-query';
import { memberSearchSchema } from '../../../components/member-chooser/member-search';
import { UpdateMemberChooser } from '../../../features/member-update/components/update-member-chooser';

export const Route = createFileRoute('/_authenticated/update-subscriber/choose-a-subscriber-or-dependent')({
  staticData: { title: 'Update Subscriber/Dependent Demographics' },
  validateSearch: memberSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadMemberList(context, deps),
  component: UpdateMemberChooser,
});
