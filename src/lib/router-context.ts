import type { QueryClient } from '@tanstack/react-query';
import type { AuthContextProps } from 'react-oidc-context';

/** What every route's beforeLoad and loader receive (TanStack Router context). */
export type RouterContext = {
  queryClient: QueryClient;
  auth: AuthContextProps;
};
