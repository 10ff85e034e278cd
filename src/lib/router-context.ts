import type { QueryClient } from '@tanstack/react-query';
import type { AuthContextProps } from 'react-oidc-context';
import type { Session } from './session';

/** What every route's beforeLoad and loader receive (TanStack Router context). */
export type RouterContext = {
  queryClient: QueryClient;
  auth: AuthContextProps;
};

/** What `/_authenticated`'s beforeLoad adds for every protected route: the user and the current group. */
export type SessionContext = {
  session: Session;
  /** The current employer group; always one of the session's groups. */
  employerPK: number;
};

/** What a loader of group-scoped data needs from the context. */
export type GroupLoaderContext = Pick<RouterContext, 'queryClient'> & Pick<SessionContext, 'employerPK'>;
