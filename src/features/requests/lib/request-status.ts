import {
  canTransition,
  REQUEST_STATUS_GROUPS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type RequestStatus,
} from '../../../contracts/requests';

type StatusGroup = keyof typeof REQUEST_STATUS_GROUPS;

/** What the one status filter can name: a simple group (spec 1 §4) or one of the eight statuses. */
type StatusFilter = StatusGroup | RequestStatus;

export const STATUS_GROUPS = ['InProgress', 'Processed', 'Failed'] as const satisfies readonly StatusGroup[];
export const STATUS_FILTERS = [...STATUS_GROUPS, ...REQUEST_STATUSES] as const satisfies readonly StatusFilter[];

const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  InProgress: 'In Progress',
  Processed: 'Processed',
  Failed: 'Failed',
};

function isStatusGroup(filter: string): filter is StatusGroup {
  return (STATUS_GROUPS as readonly string[]).includes(filter);
}

/** A group's option names the statuses it stands for, so the mapping is visible where it is chosen. */
export function statusFilterLabel(filter: StatusFilter): string {
  if (!isStatusGroup(filter)) return REQUEST_STATUS_LABELS[filter];
  const covered = REQUEST_STATUS_GROUPS[filter].map((status) => REQUEST_STATUS_LABELS[status]).join(', ');
  return `${STATUS_GROUP_LABELS[filter]} (${covered})`;
}

/**
 * The `Request/List` status fields for the chosen filter: a single status goes in `RequestStatus`,
 * a group in `RequestStatusList`, which the server expands with the contract's own table.
 */
export function statusFilterFields(filter: StatusFilter | undefined): {
  RequestStatus?: RequestStatus;
  RequestStatusList?: string;
} {
  if (!filter) return {};
  return isStatusGroup(filter) ? { RequestStatusList: filter } : { RequestStatus: filter };
}

// The moves a user makes from the manager, read from the lifecycle table the server enforces.
export const canCancel = (status: RequestStatus) => canTransition(status, 'cancel');
export const canApprove = (status: RequestStatus) => canTransition(status, 'hrApprove');
