import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { employerQueries } from '../../api/employer-queries';
import { loadMemberList } from '../../components/member-chooser/member-list-query';
import { memberSearchSchema } from '../../components/member-chooser/member-search';
import { CoverageInquiryPage } from '../../features/coverage/components/coverage-inquiry-page';
import { useEmployerPK } from '../../hooks/use-session';

export const Route = createFileRoute('/_authenticated/coverage-inquiry')({
  staticData: { title: 'Coverage Inquiry' },
  validateSearch: memberSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadMemberList(context, deps),
  component: CoverageInquiry,
});

function CoverageInquiry() {
  // The group's name and ID shown in the coverage modal (already loaded with the shell).
  const group = useQuery(employerQueries.details(useEmployerPK()));
  return <CoverageInquiryPage group={group.data} />;
}
