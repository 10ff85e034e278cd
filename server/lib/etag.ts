import { badRequest } from './problem';

/** The ETag of a versioned record: weak, since it names a version, not the bytes of the answer. */
export const etagOf = (version: number) => `W/"${version}"`;

const VERSION_TAG = /^(?:W\/)?"(\d{1,9})"$/;

/**
 * The version a save starts from, from `If-Match` (`W/"3"` or `"3"`) and/or the body's `version`.
 * Undefined when neither is sent; 400 for a tag that names no version (`*`, lists, junk) or when the
 * two disagree.
 */
export function expectedVersion(ifMatch: string | string[] | undefined, bodyVersion: number | undefined) {
  const header = Array.isArray(ifMatch) ? ifMatch.join(', ') : ifMatch?.trim();
  if (header === undefined || header === '') return bodyVersion;
  const match = VERSION_TAG.exec(header);
  if (!match) {
    throw badRequest('If-Match must name one version of the draft, e.g. W/"3".', {
      version: ['If-Match must name one version, e.g. W/"3".'],
    });
  }
  const fromHeader = Number(match[1]);
  if (bodyVersion !== undefined && bodyVersion !== fromHeader) {
    throw badRequest('If-Match and the version field name different versions.', {
      version: ['If-Match and the version field name different versions.'],
    });
  }
  return fromHeader;
}
