import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { Endpoint, EndpointInput, EndpointResponse } from '../contracts/endpoint';
import { callEndpoint, type ApiError, type CallOptions } from './api-client';

/** Query options for one endpoint: the key is [resource, verb, input], so inputs never collide. */
export function endpointQueryOptions<E extends Endpoint>(
  resource: string,
  verb: string,
  endpoint: E,
  input: EndpointInput<E>,
  callOptions: Omit<CallOptions<EndpointResponse<E>>, 'signal'> = {},
) {
  return queryOptions({
    queryKey: [resource, verb, input] as const,
    queryFn: ({ signal }) => callEndpoint(endpoint, input, { ...callOptions, signal }),
  });
}

type EndpointMutationOptions<E extends Endpoint> = Omit<
  UseMutationOptions<EndpointResponse<E>, ApiError, EndpointInput<E>>,
  'mutationFn'
> & {
  /** Query keys (prefixes) the change makes stale: factory roots from src/api, e.g. [requestQueries.all()]. */
  invalidates?: readonly QueryKey[];
};

/** Mutation for one endpoint; on success it invalidates the listed keys before its own onSuccess. */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, options: EndpointMutationOptions<E> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<EndpointResponse<E>, ApiError, EndpointInput<E>>({
    ...rest,
    mutationFn: (input) => callEndpoint(endpoint, input),
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(...args);
    },
  });
}
