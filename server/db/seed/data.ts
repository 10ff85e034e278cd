// Fixed reference data for the seed: dropdown lookups, the demo employer groups and their plan menus.
import type { ClaimType } from '../../../src/contracts/claims';
import type { LookupKind } from '../../../src/contracts/lookups';

type LookupSeed = { pk: number; name: string; code?: string; commonReason?: boolean };

const GENDERS: LookupSeed[] = [
  { pk: 1, name: 'Male' },
  { pk: 2, name: 'Female' },
  { pk: 3, name: 'Unknown/Other' },
];

const MARITAL_STATUSES: LookupSeed[] = [
  { pk: 1, name: 'Single' },
  { pk: 2, name: 'Married' },
  { pk: 3, name: 'Divorced' },
  { pk: 4, name: 'Widowed' },
  { pk: 5, name: 'Separated' },
  { pk: 6, name: 'Domestic Partnership' },
];

const USER_TYPES: LookupSeed[] = [
  { pk: 1, name: 'Employer HR' },
  { pk: 2, name: 'Broker' },
  { pk: 3, name: 'Group Administrator' },
  { pk: 4, name: 'Third-Party Administrator' },
];

export const RELATIONSHIP = { spouse: 1, self: 2, child: 3, domesticPartner: 24 } as const;

// The dependent form offers only 1, 3 and 24; the others exist so the filter has something to drop.
const RELATIONSHIPS: LookupSeed[] = [
  { pk: 1, name: 'Spouse' },
  { pk: 2, name: 'Self' },
  { pk: 3, name: 'Child' },
  { pk: 4, name: 'Stepchild' },
  { pk: 5, name: 'Other' },
  { pk: 6, name: 'Foster Child' },
  { pk: 7, name: 'Grandchild' },
  { pk: 8, name: 'Legal Ward' },
  { pk: 24, name: 'Domestic Partner' },
  { pk: 25, name: 'Child of Domestic Partner' },
];

export const PAY_FREQUENCIES: (LookupSeed & { periodsPerYear: number })[] = [
  { pk: 1, name: 'Weekly', periodsPerYear: 52 },
  { pk: 2, name: 'Bi-Weekly', periodsPerYear: 26 },
  { pk: 3, name: 'Semi-Monthly', periodsPerYear: 24 },
  { pk: 4, name: 'Monthly', periodsPerYear: 12 },
  { pk: 5, name: 'Annually', periodsPerYear: 1 },
];

// commonReason marks the everyday qualifying events, listed when needAll is false.
const CHANGE_PLAN_REASONS: LookupSeed[] = [
  { pk: 1, name: 'Open Enrollment', commonReason: true },
  { pk: 2, name: 'New Hire', commonReason: true },
  { pk: 3, name: 'Marriage', commonReason: true },
  { pk: 4, name: 'Birth or Adoption', commonReason: true },
  { pk: 5, name: 'Divorce or Legal Separation', commonReason: true },
  { pk: 6, name: 'Death of a Dependent', commonReason: true },
  { pk: 7, name: 'Loss of Other Coverage', commonReason: true },
  { pk: 8, name: 'Gain of Other Coverage' },
  { pk: 9, name: 'Change in Employment Status' },
  { pk: 10, name: 'Dependent Reached Age Limit' },
  { pk: 11, name: 'Move Out of Service Area' },
  { pk: 12, name: 'Medicare or Medicaid Entitlement' },
  { pk: 13, name: 'Court Order (QMCSO)' },
  { pk: 14, name: 'Loss of dependent coverage/ dependent termination' },
  { pk: 15, name: 'Rehire or Reinstatement' },
];

// pk 99 'other reason' is appended by the UI and must not be stored.
export const TERMINATE_PLAN_REASONS: LookupSeed[] = [
  { pk: 1, name: 'Voluntary Resignation' },
  { pk: 2, name: 'Involuntary Termination' },
  { pk: 3, name: 'Retirement' },
  { pk: 4, name: 'Death' },
  { pk: 5, name: 'Reduction in Hours' },
  { pk: 6, name: 'Leave of Absence' },
  { pk: 7, name: 'Divorce or Legal Separation' },
  { pk: 8, name: 'Dependent Reached Age Limit' },
];

// prettier-ignore
export const STATES: LookupSeed[] = (
  [
    ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
    ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
    ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
    ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
    ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
    ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
    ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
    ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
    ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
    ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
    ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ] as const
).map(([code, name], i) => ({ pk: i + 1, name, code }));

export const LOOKUPS: Record<LookupKind, LookupSeed[]> = {
  gender: GENDERS,
  maritalStatus: MARITAL_STATUSES,
  userType: USER_TYPES,
  state: STATES,
  relationship: RELATIONSHIPS,
  payFrequency: PAY_FREQUENCIES,
  changePlanReason: CHANGE_PLAN_REASONS,
  terminatePlanReason: TERMINATE_PLAN_REASONS,
};

// ---------------------------------------------------------------------------------------------------
// Plans and tiers.

export type PlanTemplate = {
  code: string;
  name: string;
  description: string;
  network: string;
  /** Out-of-pocket maximum alone and as a family (medical plans). */
  oopMax?: [single: string, family: string];
};

export const MEDICAL_PLANS: PlanTemplate[] = [
  {
    code: 'MPPO500',
    name: 'Choice PPO 500',
    description: 'PPO, $500 deductible, 80% coinsurance, $25 office copay',
    network: 'PHCS',
    oopMax: ['4000.00', '8000.00'],
  },
  {
    code: 'MHDHP3K',
    name: 'HDHP 3000 HSA',
    description: 'High-deductible plan, $3,000 deductible, HSA eligible',
    network: 'PHCS',
    oopMax: ['7000.00', '14000.00'],
  },
  {
    code: 'MHMO20',
    name: 'Select HMO 20',
    description: 'HMO, in-network only, $20 office copay, no deductible',
    network: 'FIRSTHEALTH',
    oopMax: ['3000.00', '6000.00'],
  },
];

export const DENTAL_PLANS: PlanTemplate[] = [
  {
    code: 'DBASIC',
    name: 'Dental Basic',
    description: 'Preventive 100%, basic 80%, $1,000 annual max',
    network: 'DELTA',
  },
  {
    code: 'DPLUS',
    name: 'Dental Plus',
    description: 'Preventive 100%, basic 80%, major 50%, ortho, $2,000 max',
    network: 'DELTA',
  },
];

export const FSA_PLANS: PlanTemplate[] = [
  {
    code: 'HCFSA',
    name: 'Health Care FSA',
    description: 'Pre-tax account for eligible medical, dental and vision costs',
    network: 'FSA',
  },
  {
    code: 'DCFSA',
    name: 'Dependent Care FSA',
    description: 'Pre-tax account for eligible child and elder care',
    network: 'FSA',
  },
];

type TierTemplate = {
  name: string;
  code: string;
  requiresDependents: boolean;
  partner: boolean;
  children: boolean;
};

export const TIERS: TierTemplate[] = [
  { name: 'Employee Only', code: 'EE', requiresDependents: false, partner: false, children: false },
  { name: 'Employee + Spouse', code: 'ES', requiresDependents: true, partner: true, children: false },
  { name: 'Employee + Child(ren)', code: 'EC', requiresDependents: true, partner: false, children: true },
  { name: 'Family', code: 'FAM', requiresDependents: true, partner: true, children: true },
];

// ---------------------------------------------------------------------------------------------------
// Employer groups.

export type EmployerSeed = {
  employerPK: number;
  employerName: string;
  employerID: string;
  groupEffectiveDate: string;
  logoColor: string;
  subscriberCount: number;
  claimCount: number;
  divisions: { locationCode: string; description: string }[];
  medical: number;
  dental: number;
  fsa: number;
  /** The group's "Members see their own claims" setting (off unless given). */
  membersSeeClaims?: boolean;
};

export const LARGE_GROUP_EMPLOYER_PK = 6;

export const EMPLOYERS: EmployerSeed[] = [
  {
    employerPK: 2,
    employerName: 'Acme Manufacturing',
    employerID: 'G000002',
    groupEffectiveDate: '2012-01-01',
    logoColor: '#1565c0',
    subscriberCount: 200,
    claimCount: 600,
    divisions: [
      { locationCode: '001', description: 'Headquarters' },
      { locationCode: '002', description: 'Plant Operations' },
      { locationCode: '003', description: 'Sales and Distribution' },
    ],
    medical: 3,
    dental: 2,
    fsa: 2,
    membersSeeClaims: true,
  },
  {
    employerPK: 3,
    employerName: 'Blue Harbor Logistics',
    employerID: 'G000003',
    groupEffectiveDate: '2016-07-01',
    logoColor: '#00838f',
    subscriberCount: 90,
    claimCount: 80,
    divisions: [
      { locationCode: '100', description: 'Warehouse' },
      { locationCode: '200', description: 'Fleet and Drivers' },
    ],
    medical: 2,
    dental: 1,
    fsa: 2,
  },
  {
    employerPK: 4,
    employerName: 'Summit Ridge Health Partners',
    employerID: 'G000004',
    groupEffectiveDate: '2019-01-01',
    logoColor: '#2e7d32',
    subscriberCount: 60,
    claimCount: 60,
    divisions: [
      { locationCode: 'A01', description: 'Clinical Staff' },
      { locationCode: 'A02', description: 'Administration' },
      { locationCode: 'A03', description: 'Outpatient Centers' },
    ],
    medical: 2,
    dental: 2,
    fsa: 1,
  },
  {
    employerPK: 5,
    employerName: 'Cedar Valley School District',
    employerID: 'G000005',
    groupEffectiveDate: '2014-09-01',
    logoColor: '#6a1b9a',
    subscriberCount: 75,
    claimCount: 60,
    divisions: [
      { locationCode: 'T10', description: 'Teachers and Certified Staff' },
      { locationCode: 'S20', description: 'Support Staff' },
    ],
    medical: 3,
    dental: 1,
    fsa: 2,
  },
];

export const LARGE_GROUP: EmployerSeed = {
  employerPK: LARGE_GROUP_EMPLOYER_PK,
  employerName: 'Large Benchmark Group',
  employerID: 'G000006',
  groupEffectiveDate: '2020-01-01',
  logoColor: '#ef6c00',
  subscriberCount: 0,
  claimCount: 0,
  divisions: [{ locationCode: 'LB1', description: 'All Employees' }],
  medical: 1,
  dental: 1,
  fsa: 0,
};

// ---------------------------------------------------------------------------------------------------
// Names and providers.

// Guaranteed punctuation in names, so search, sorting and validation meet apostrophes and hyphens.
export const PUNCTUATED_LAST_NAMES = ["O'Brien", 'Smith-Jones', "D'Angelo", 'Garcia-Lopez', "O'Neil", 'Taylor-Reed'];
export const PUNCTUATED_FIRST_NAMES = ['Anne-Marie', 'Jean-Luc', "D'Andre", 'Mary-Kate'];

export const PROVIDERS: { name: string; type: ClaimType }[] = [
  { name: 'Riverside Family Medicine', type: 'Medical' },
  { name: 'Northside Pediatrics', type: 'Medical' },
  { name: 'Mercy General Hospital', type: 'Medical' },
  { name: 'Lakeside Orthopedics', type: 'Medical' },
  { name: 'City Imaging Center', type: 'Medical' },
  { name: 'Urgent Care Express', type: 'Medical' },
  { name: 'Valley Dermatology Associates', type: 'Medical' },
  { name: 'Heartland Cardiology Group', type: 'Medical' },
  { name: 'Quest Diagnostics Lab', type: 'Medical' },
  { name: 'Summit Physical Therapy', type: 'Medical' },
  { name: 'CVS Pharmacy #4417', type: 'Pharmacy' },
  { name: 'Walgreens #0562', type: 'Pharmacy' },
  { name: 'Express Scripts Home Delivery', type: 'Pharmacy' },
  { name: 'Bright Smile Dental', type: 'Dental' },
  { name: 'Oak Street Family Dentistry', type: 'Dental' },
  { name: 'Main Street Orthodontics', type: 'Dental' },
  { name: 'ClearView Eye Care', type: 'Vision' },
  { name: 'Vision Works Optical', type: 'Vision' },
];
