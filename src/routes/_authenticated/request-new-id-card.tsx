import { createFileRoute } from '@tanstack/react-router';
import { loadMemberList } from '../../components/member-chooser/member-list-query';
import { memberSearchSchema } from '../../components/member-chooser/member-search';
import { IdCardPage } from '../../features/id-cards/components/id-card-page';

export const Route = createFileRoute('/_authenticated/request-new-id-card')({
  staticData: { title: 'ID Card' },
  validateSearch: memberSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadMemberList(context, deps),
  component: IdCardPage,
});
