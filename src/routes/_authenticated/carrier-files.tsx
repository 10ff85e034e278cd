import { createFileRoute } from '@tanstack/react-router';
import { carrierFileQueries } from '../../api/carrier-file-queries';
import { CarrierFilesScreen } from '../../features/carrier-files/carrier-files-screen';
import { carrierFilesSearch, toCarrierFileListBody } from '../../features/carrier-files/carrier-files-search';

export const Route = createFileRoute('/_authenticated/carrier-files')({
  staticData: { title: 'Carrier Files' },
  validateSearch: carrierFilesSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, employerPK }, deps }) => {
    // A failure is shown in place with a Retry, so the loader does not turn it into an error page.
    await queryClient
      .ensureQueryData(carrierFileQueries.list(toCarrierFileListBody(deps, employerPK)))
      .catch(() => undefined);
  },
  component: CarrierFilesScreen,
});
