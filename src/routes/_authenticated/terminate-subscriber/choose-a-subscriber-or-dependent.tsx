import { createFileRoute } from '@tanstack/react-router';
import { loadMemberList } from '../../../components/member-chooser/member-list-query';
import { memberSearchSchema } from '../../../components/member-chooser/member-search';
import { TerminateMemberChooser } from '../../../features/termination/components/terminate-member-chooser';
import { TERMINATE_CHOOSER_OPTIONS } from '../../../features/termination/lib/terminate-search';

export const Route = createFileRoute('/_authenticated/terminate-subscriber/choose-a-subscriber-or-dependent')({
  staticData: { title: 'Terminate Subscriber/Dependent' },
  validateSearch: memberSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadMemberList(context, deps, TERMINATE_CHOOSER_OPTIONS),
  component: TerminateMemberChooser,
});
