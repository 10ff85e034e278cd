import createCache from '@emotion/cache';

/**
 * Emotion's cache with the page's CSP nonce, so the <style> elements MUI inserts are allowed by a
 * policy without 'unsafe-inline'. The server puts the nonce on `<meta property="csp-nonce">`;
 * browsers hide a nonce attribute's value from getAttribute, so it is read as the property.
 */
export function createStyleCache() {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return createCache({ key: 'css', nonce: meta?.nonce || undefined });
}
