import type { FastifyRequest } from 'fastify';
import { id, pk } from '../../src/contracts/common';
import type { Endpoint } from '../../src/contracts/endpoint';
import { canAccess, rolesInGroup } from '../../src/contracts/permissions';
import type { AuthUser } from '../auth/verify-token';
import type { Db } from '../db/client';
import { invalidFields } from '../lib/field-errors';
import { forbidden, notFound } from '../lib/problem';
import { groupOfResource } from '../services/audit';

function readPath(source: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source);
}

/**
 * Refuses, before any input is read, a caller whose groups grant the endpoint's area nowhere: such a
 * caller learns nothing about what the call expects (403 whatever it sends).
 */
export function authorizeArea(endpoint: Endpoint, user: AuthUser) {
  // The caller's own account and group list: answered to every signed-in user, groups or not.
  if (endpoint.area === 'self') return;
  if (user.groupRoles.length === 0) throw forbidden('You are not associated to any Groups.');
  if (!user.groupRoles.some((group) => canAccess(group.roles, endpoint.area))) {
    throw forbidden('Your roles do not allow this action.');
  }
}

/**
 * The id naming the group or record, read from the input before schema validation. It is parsed the
 * way validation will parse it (text in queries and forms, a number in JSON), so a call that passes
 * validation acts on the very id that was authorised; a non-id is a 400 for that field.
 */
function idOf(value: unknown, field: string, asText: boolean): number {
  const parsed = (asText ? pk : id).safeParse(value);
  if (!parsed.success) throw invalidFields({ [field]: parsed.error.issues.map((issue) => issue.message) });
  return parsed.data;
}

/**
 * Decides which employer group a call acts on and whether the caller may make it there. Runs before
 * the schema validation of query and body, so a caller without a role in the group named is refused
 * (403) before any 400 about the rest of the input; a record of such a group is answered as missing
 * (404), so ids of other groups reveal nothing.
 */
export async function authorizeCall(db: Db, endpoint: Endpoint, user: AuthUser, request: FastifyRequest) {
  const { scope } = endpoint;
  if (scope.kind === 'user') return null;

  let employerPK: number;
  if (scope.kind === 'employer') {
    const source = scope.in === 'query' ? request.query : request.body;
    const asText = scope.in === 'query' || endpoint.bodyEncoding === 'form';
    employerPK = idOf(readPath(source, scope.key), scope.key, asText);
    if (rolesInGroup(user.groupRoles, employerPK).length === 0) throw forbidden();
  } else {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const params = Object.keys(scope.refs);
    const param = params.find((name) => query[name] !== undefined);
    if (!param) {
      const message = params.length === 1 ? `${params[0]} is required.` : `One of ${params.join(', ')} is required.`;
      throw invalidFields(Object.fromEntries(params.map((name) => [name, [message]])));
    }
    const group = await groupOfResource(db, scope.refs[param]!, idOf(query[param], param, true));
    if (group === null || rolesInGroup(user.groupRoles, group).length === 0) throw notFound();
    employerPK = group;
  }

  if (!canAccess(rolesInGroup(user.groupRoles, employerPK), endpoint.area)) {
    throw forbidden('Your role in this employer group does not allow this action.');
  }
  return employerPK;
}
