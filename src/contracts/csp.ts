/**
 * Stands in index.html where the style nonce goes: the build writes it into every tag it emits and
 * into `<meta property="csp-nonce">`, and the server swaps it for the nonce of each answer.
 */
export const CSP_NONCE_PLACEHOLDER = 'csp-nonce-placeholder';
