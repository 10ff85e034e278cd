/** Prefix of every key the app itself writes to web storage. */
export const APP_STORAGE_PREFIX = 'benefits-portal.';

/** The app store's key (current group, wizard draft, analytics opt-out), in sessionStorage. */
export const APP_STORE_KEY = `${APP_STORAGE_PREFIX}app`;

/** Key prefix of the enrollment wizard's typed, not yet saved form values (sessionStorage, never a full SSN). */
export const ENROLLMENT_FORMS_KEY_PREFIX = `${APP_STORAGE_PREFIX}enrollment-form.`;

/** Prefix oidc-client-ts uses for the stored user and for pending sign-in/sign-out requests. */
const OIDC_PREFIX = 'oidc.';
export const OIDC_USER_PREFIX = 'oidc.user:';

function removeKeys(storage: Storage, matches: (key: string) => boolean): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
  for (const key of keys) if (matches(key)) storage.removeItem(key);
}

function eachStorage(action: (storage: Storage) => void): void {
  action(window.sessionStorage);
  action(window.localStorage);
}

/** Whether this tab holds a signed-in user (possibly expired), read without the sign-in library. */
export function hasStoredUser(): boolean {
  return Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.key(i)).some((key) =>
    key?.startsWith(OIDC_USER_PREFIX),
  );
}

/** Logout: nothing of the app or of the sign-in library may stay behind. */
export function purgeAppStorage(options: { includeOidc: boolean }): void {
  eachStorage((storage) =>
    removeKeys(
      storage,
      (key) => key.startsWith(APP_STORAGE_PREFIX) || (options.includeOidc && key.startsWith(OIDC_PREFIX)),
    ),
  );
}

/**
 * A pending sign-in or sign-out request that no callback consumed was abandoned (the user left the
 * provider's page, or signed out); its PKCE verifier must not linger. Only call outside callback routes.
 */
export function discardAbandonedAuthRequests(): void {
  eachStorage((storage) =>
    removeKeys(storage, (key) => key.startsWith(OIDC_PREFIX) && !key.startsWith(OIDC_USER_PREFIX)),
  );
}
