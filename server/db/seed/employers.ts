import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { employers } from '../schema';
import type { EmployerSeed } from './data';

/** A square badge in the group's colour with its initials; stored as base64 SVG. */
export function employerLogoSvg(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<rect width="96" height="96" rx="18" fill="${color}"/>`,
    '<circle cx="74" cy="22" r="12" fill="#ffffff" fill-opacity="0.3"/>',
    '<text x="48" y="61" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" ',
    `fill="#ffffff" text-anchor="middle">${initials}</text>`,
    '</svg>',
  ].join('');
}

export async function insertEmployers(db: Db, groups: EmployerSeed[]): Promise<void> {
  await db.insert(employers).values(
    groups.map((g) => ({
      employerPK: g.employerPK,
      employerName: g.employerName,
      employerID: g.employerID,
      employerLogo: Buffer.from(employerLogoSvg(g.employerName, g.logoColor)).toString('base64'),
      employerLogoMimeType: 'image/svg+xml',
      groupEffectiveDate: g.groupEffectiveDate,
      // A made-up EIN per group (the 90- prefix is not issued by the IRS).
      taxID: `90${String(g.employerPK).padStart(7, '0')}`,
      // The demo groups sign in with the password alone, so the README's accounts work as listed.
      mfaRequired: false,
      membersSeeClaims: g.membersSeeClaims ?? false,
    })),
  );
  // Explicit pks leave the identity sequence behind; move it past them so later inserts don't collide.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('employers', 'employer_pk'), (select max(employer_pk) from employers))`,
  );
}
