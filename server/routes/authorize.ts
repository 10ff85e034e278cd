import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '../../src/contracts/endpoint';
import { canAccess, rolesInGroup } from '../../src/contracts/permissions';
import type { AuthUser } from '../auth/verify-token';
import type { Db } from '../db/client';
import { badRequest, forbidden, notFound } from '../lib/problem';
import { groupOfResource } from '../services/access';

function readPath(source: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], source);
}

/**
 * Decides which employer group a call acts on and whether the caller may make it there.
 * An explicit group the caller has no role in is refused (403); a record of such a group is
 * answered as missing (404), so ids of other groups reveal nothing.
 */
export async function authorizeCall(db: Db, endpoint: Endpoint, user: AuthUser, request: FastifyRequest) {
  const { scope } = endpoint;
  if (scope.kind === 'user') {
    if (user.groupRoles.length === 0) throw forbidden('You are not associated to any Groups.');
    return null;
  }

  let employerPK: number;
  if (scope.kind === 'employer') {
    const value = readPath(scope.in === 'query' ? request.query : request.body, scope.key);
    if (typeof value !== 'number') throw badRequest('employerPK is required.');
    if (rolesInGroup(user.groupRoles, value).length === 0) throw forbidden();
    employerPK = value;
  } else {
    const query = request.query as Record<string, unknown>;
    const ref = Object.entries(scope.refs).find(([param]) => typeof query[param] === 'number');
    if (!ref) throw badRequest(`One of ${Object.keys(scope.refs).join(', ')} is required.`);
    const group = await groupOfResource(db, ref[1], query[ref[0]] as number);
    if (group === null || rolesInGroup(user.groupRoles, group).length === 0) throw notFound();
    employerPK = group;
  }

  if (!canAccess(rolesInGroup(user.groupRoles, employerPK), endpoint.area)) {
    throw forbidden('Your role in this employer group does not allow this action.');
  }
  return employerPK;
}
