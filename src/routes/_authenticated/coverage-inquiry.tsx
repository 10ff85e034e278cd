import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { loadMemberList } from '../../components/member-chooser/member-list-query';
import { memberSearchSchema } from '../../components/member-chooser/member-search';
import { DEFAULT_EMPLOYER_PK } from '../../contracts/employers';
import { CoverageInquiryPage } from '../../features/coverage/components/coverage-inquiry-page';
import { employerQueries } from '../../features/employers/api/employer-queries';
import { useCurrentEmployerPK } from '../../hooks/use-session';

export const Route = createFileRoute('/_authenticated/coverage-inquiry')({
  validateSearch: memberSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadMemberList(context, deps),
  component: CoverageInquiry,
});

function CoverageInquiry() {
  // The group's name and ID shown in the coverage modal (already loaded with the shell).
  const group = useQuery(employerQueries.details(useCurrentEmployerPK() ?? DEFAULT_EMPLOYER_PK));
  return <CoverageInquiryPage group={group.data} />;
}
