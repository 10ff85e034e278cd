import { createFileRoute } from '@tanstack/react-router';
import { loadUserList } from '../../features/users/load-user-list';
import { userSearch } from '../../features/users/user-search';
import { UsersScreen } from '../../features/users/users-screen';

export const Route = createFileRoute('/_authenticated/users')({
  staticData: { title: 'Users' },
  validateSearch: userSearch.schema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadUserList(context, deps),
  component: UsersScreen,
});
