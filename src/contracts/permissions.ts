// The one permission table: the menu, the route guards and the server's endpoint checks all read it.
// Spec 1 §2 (menu entries and their roles) and §6 (GroupAdmin sees everything; only the roles of the
// current group count; an empty list means everyone).

export const ROLES = [
  'HR',
  'Broker',
  'IDcard Only',
  'ViewClaims',
  'Funding',
  'Invoice',
  'Reporting',
  'GroupAdmin',
  'Auditor',
  /** An employee of the group: their own records only (My Benefits), never the group's. */
  'Member',
  /** The operator: every group, and the grants only the operator may give (Broker, a new group's GroupAdmin). */
  'Portal Administrator',
] as const;
export type Role = (typeof ROLES)[number];

/** Capabilities: what a menu entry, a route or an endpoint needs. */
const AREAS = {
  /** The signed-in user's own account and group list: answered even to a user without groups. */
  self: [],
  /** Anything a member of the group may see: home, privacy, lookups, employer header. */
  any: [],
  /** Enrollment, update, terminate, change coverage, submissions, coverage inquiry, census. */
  members: ['HR', 'Broker'],
  /** Member reads needed by the ID card screen as well as the member screens. */
  memberLookup: ['HR', 'Broker', 'IDcard Only'],
  idCards: ['HR', 'Broker', 'IDcard Only'],
  claims: ['ViewClaims'],
  census: ['HR', 'Broker'],
  /** The carrier feed's X12 834 files (they carry full SSNs; downloads are audited). */
  carrierFiles: ['HR', 'Broker'],
  funding: ['Funding'],
  invoice: ['Invoice'],
  reporting: ['Reporting'],
  /** HR approval of a request (a broker cannot approve). */
  approve: ['HR'],
  /** The access report: who read or changed which member's data (reading it is audited too). */
  accessReport: ['Auditor'],
  /** The group's users and their grants (the Portal Administrator is granted it through `canAccess`). */
  users: ['GroupAdmin'],
  /** The group's open enrollment window: opening it and following its progress. */
  openEnrollment: ['HR', 'Broker'],
  /** The group's plan years, plans and rates (GroupAdmin, and the Portal Administrator through `canAccess`). */
  planYears: ['GroupAdmin'],
  /**
   * A plan's Summary of Benefits and Coverage, read: everyone who sees the group's plans, the group's
   * Members comparing them included (GroupAdmin and the Portal Administrator through `canAccess`).
   */
  planDocuments: ['HR', 'Broker', 'Member'],
  /** The member's own coverage, cost and documents: the Member role only (not granted by GroupAdmin). */
  myBenefits: ['Member'],
  /** The operator's own work across groups (group setup): the Portal Administrator only, not GroupAdmin. */
  operator: ['Portal Administrator'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREAS;

/** True when roles held in the current group grant the area. GroupAdmin is granted everything. */
export function canAccess(roles: readonly string[], area: Area): boolean {
  if (area === 'operator') return roles.includes('Portal Administrator');
  if (area === 'myBenefits') return roles.includes('Member');
  if (roles.includes('GroupAdmin') || roles.includes('Portal Administrator')) return true;
  const allowed: readonly string[] = AREAS[area];
  return allowed.length === 0 || allowed.some((role) => roles.includes(role));
}

export type MenuEntry =
  | { key: string; label: string; area: Area; path: string; clearsSubscriber?: boolean }
  | { key: string; label: string; area: Area; modal: 'brokerModal' | 'privacyModal' };

/** Menu entries in the order and with the labels of spec 1 §2. */
export const MENU: readonly MenuEntry[] = [
  { key: 'home', label: 'Home', area: 'any', path: '/' },
  { key: 'my-benefits', label: 'My Benefits', area: 'myBenefits', path: '/my-benefits' },
  { key: 'broker', label: 'Broker', area: 'members', modal: 'brokerModal' },
  {
    key: 'enroll',
    label: 'Enroll Subscriber',
    area: 'members',
    path: '/enroll-subscriber/personal-information',
    clearsSubscriber: true,
  },
  { key: 'upload-enrollments', label: 'Upload Enrollments', area: 'members', path: '/upload-enrollments' },
  {
    key: 'update',
    label: 'Update Subscriber/Dependent Demographics',
    area: 'members',
    path: '/update-subscriber/choose-a-subscriber-or-dependent',
  },
  {
    key: 'terminate',
    label: 'Terminate Subscriber/Dependent',
    area: 'members',
    path: '/terminate-subscriber/choose-a-subscriber-or-dependent',
  },
  { key: 'change-coverage', label: 'Change Coverage', area: 'members', path: '/change-coverage' },
  { key: 'enrollment-manager', label: 'Enrollment Submissions', area: 'members', path: '/enrollment-manager' },
  { key: 'carrier-files', label: 'Carrier Files', area: 'carrierFiles', path: '/carrier-files' },
  { key: 'coverage-inquiry', label: 'Coverage Inquiry', area: 'members', path: '/coverage-inquiry' },
  { key: 'claim-search', label: 'Claim Search', area: 'claims', path: '/claim-search' },
  { key: 'id-card', label: 'ID Card', area: 'idCards', path: '/request-new-id-card' },
  { key: 'census', label: 'Census Report', area: 'census', path: '/census-report' },
  { key: 'funding', label: 'Claims Funding Report', area: 'funding', path: '/funding-report' },
  { key: 'invoice', label: 'Admin Invoice', area: 'invoice', path: '/invoice' },
  { key: 'monthly', label: 'Monthly Reports', area: 'reporting', path: '/monthly-reports' },
  { key: 'access-report', label: 'Access Report', area: 'accessReport', path: '/access-report' },
  { key: 'users', label: 'Users', area: 'users', path: '/users' },
  { key: 'open-enrollment', label: 'Open Enrollment', area: 'openEnrollment', path: '/open-enrollment' },
  { key: 'plans-and-rates', label: 'Plans and Rates', area: 'planYears', path: '/plans-and-rates' },
  { key: 'group-setup', label: 'Group Setup', area: 'operator', path: '/group-setup' },
  { key: 'privacy', label: 'Privacy', area: 'any', modal: 'privacyModal' },
];

/** Protected routes and the area each needs; a route's sub-paths inherit its prefix's entry. */
const ROUTE_AREAS: readonly { prefix: string; area: Area }[] = [
  { prefix: '/my-benefits', area: 'myBenefits' },
  { prefix: '/my-enrollment', area: 'myBenefits' },
  { prefix: '/my-life-event', area: 'myBenefits' },
  { prefix: '/enroll-subscriber', area: 'members' },
  { prefix: '/upload-enrollments', area: 'members' },
  { prefix: '/update-subscriber', area: 'members' },
  { prefix: '/terminate-subscriber', area: 'members' },
  { prefix: '/change-coverage', area: 'members' },
  { prefix: '/enrollment-manager', area: 'members' },
  { prefix: '/carrier-files', area: 'carrierFiles' },
  { prefix: '/coverage-inquiry', area: 'members' },
  { prefix: '/member', area: 'members' },
  { prefix: '/claim-search', area: 'claims' },
  { prefix: '/request-new-id-card', area: 'idCards' },
  { prefix: '/census-report', area: 'census' },
  { prefix: '/funding-report', area: 'funding' },
  { prefix: '/invoice', area: 'invoice' },
  { prefix: '/monthly-reports', area: 'reporting' },
  { prefix: '/access-report', area: 'accessReport' },
  { prefix: '/users', area: 'users' },
  { prefix: '/open-enrollment', area: 'openEnrollment' },
  { prefix: '/plans-and-rates', area: 'planYears' },
  { prefix: '/group-setup', area: 'operator' },
];

export function areaOfPath(pathname: string): Area {
  const hit = ROUTE_AREAS.find((r) => pathname === r.prefix || pathname.startsWith(`${r.prefix}/`));
  return hit?.area ?? 'any';
}

/** Group roles as carried by the access token (`groupRoles` claim). */
export type GroupRoles = { GroupPK: number; roles: Role[] };

export function rolesInGroup(groupRoles: readonly GroupRoles[], groupPK: number | null | undefined): Role[] {
  return groupRoles.find((g) => g.GroupPK === groupPK)?.roles ?? [];
}
