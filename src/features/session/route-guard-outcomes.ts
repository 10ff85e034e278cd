// The guard's expected outcomes, apart from the guard itself: the entry module tells them from
// crashes before the router, the permission table and zod have loaded.

/** The user's token has no group claim: the login fails (spec 1 §4). */
export class NoGroupsError extends Error {
  constructor() {
    super('user without groupPK');
    this.name = 'NoGroupsError';
  }
}

/** The current group's roles do not grant the area of the requested path. */
export class AccessDeniedError extends Error {
  constructor(pathname: string) {
    super(`No access to ${pathname}`);
    this.name = 'AccessDeniedError';
  }
}

/** The session was dropped again right after an automatic sign-in: the user signs in with a button. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Session expired');
    this.name = 'SessionExpiredError';
  }
}

export function isRouteGuardOutcome(error: unknown): boolean {
  return error instanceof NoGroupsError || error instanceof AccessDeniedError || error instanceof SessionExpiredError;
}
