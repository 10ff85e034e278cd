import { createFileRoute } from '@tanstack/react-router';
import { loadUpload } from '../../features/upload-enrollments/load-upload';
import { UploadEnrollmentsScreen } from '../../features/upload-enrollments/upload-enrollments-screen';
import { uploadSearch } from '../../features/upload-enrollments/upload-search';

export const Route = createFileRoute('/_authenticated/upload-enrollments')({
  staticData: { title: 'Upload Enrollments' },
  validateSearch: uploadSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadUpload(context, deps),
  component: UploadEnrollmentsScreen,
});
