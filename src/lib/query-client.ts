import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // The call layer already told the user; a retry would repeat the message.
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
