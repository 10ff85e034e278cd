// Enrollment, update and termination requests for the default group, in every interesting state.
import type { Faker } from '@faker-js/faker';
import type { RequestStatus } from '../../../src/contracts/requests';
import type { RequestType } from '../../../src/contracts/subscribers';
import { ssnLast4Of } from '../../../src/contracts/person-rules';
import { addDays, atTime, firstOfNextMonth, minDate, yearOf } from '../../lib/calendar';
import type { Db } from '../client';
import { requests, requestStatusHistory, terminations } from '../schema';
import { TERMINATE_PLAN_REASONS, type EmployerSeed } from './data';
import { domainOf, type Member } from './members';
import { address, emailFor, firstName, lastName, phone, randomDate, sexOf } from './people';
import { planKey, tierKey, type Structure } from './plans';
import { SEED_ACTOR, need } from './seed-rows';

const STATUS_PATHS: Record<RequestStatus, RequestStatus[]> = {
  Incomplete: ['Incomplete'],
  Submitted: ['Incomplete', 'Submitted'],
  HRApproved: ['Incomplete', 'Submitted', 'HRApproved'],
  HRRejected: ['Incomplete', 'Submitted', 'HRRejected'],
  HEZApproved: ['Incomplete', 'Submitted', 'HRApproved', 'HEZApproved'],
  HEZRejected: ['Incomplete', 'Submitted', 'HRApproved', 'HEZRejected'],
  PushedToRemote: ['Incomplete', 'Submitted', 'HRApproved', 'HEZApproved', 'PushedToRemote'],
  Cancelled: ['Incomplete', 'Cancelled'],
};

type RequestSample = {
  type: RequestType;
  status: RequestStatus;
  daysAgo: number;
  saveStep: number;
  changeReasonPK?: number;
  /** Index into the group's generated subscribers (active ones unless `termed`). */
  member?: number;
  termed?: boolean;
};

const REQUEST_SAMPLES: RequestSample[] = [
  { type: 'NewEnrollment', status: 'Incomplete', daysAgo: 1, saveStep: 2, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'Submitted', daysAgo: 3, saveStep: 4, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'HRApproved', daysAgo: 9, saveStep: 4, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'Cancelled', daysAgo: 21, saveStep: 1, changeReasonPK: 2 },
  { type: 'NewEnrollment', status: 'PushedToRemote', daysAgo: 45, saveStep: 4, changeReasonPK: 2, member: 120 },
  { type: 'Subscriber', status: 'Submitted', daysAgo: 2, saveStep: 4, member: 150 },
  { type: 'Subscriber', status: 'HEZApproved', daysAgo: 33, saveStep: 4, member: 40 },
  { type: 'ChangeCoverage', status: 'Submitted', daysAgo: 4, saveStep: 4, changeReasonPK: 4, member: 160 },
  { type: 'ChangeCoverage', status: 'HRRejected', daysAgo: 26, saveStep: 4, changeReasonPK: 3, member: 60 },
  { type: 'Terminate', status: 'Submitted', daysAgo: 6, saveStep: 4, member: 170 },
  { type: 'Terminate', status: 'PushedToRemote', daysAgo: 0, saveStep: 4, member: 2, termed: true },
];

export async function insertRequests(
  db: Db,
  f: Faker,
  group: EmployerSeed,
  structure: Structure,
  members: Member[],
  today: string,
  nextSsn: () => string,
): Promise<void> {
  const active = members.filter((m) => m.sub.row.termDate == null);
  const termed = members.filter((m) => m.sub.row.termDate != null);
  const pick = (list: Member[], i: number) => need(list[i % list.length], 'request member');

  for (const sample of REQUEST_SAMPLES) {
    const member = sample.member === undefined ? null : pick(sample.termed ? termed : active, sample.member);
    const termDate = member?.sub.row.termDate ?? null;
    // A completed termination was requested shortly before its term date; the rest are recent.
    const createdDay = sample.termed && termDate ? addDays(termDate, -7) : addDays(today, -sample.daysAgo);
    const person = member ? memberPerson(member) : newPerson(f, group, today, nextSsn);
    const divisionPK = member?.sub.row.divisionPK ?? f.helpers.arrayElement(structure.divisionPKs);
    const medicalPlanPK = structure.plan.get(planKey(divisionPK, 'Medical', 0, yearOf(today))) ?? null;
    const medicalTierPK = structure.tier.get(tierKey(divisionPK, true, 'EE')) ?? null;

    const payload: Record<string, unknown> = {
      saveStep: sample.saveStep,
      employerPK: group.employerPK,
      subscriberPK: member?.subscriberPK ?? null,
      changeReasonPK: sample.changeReasonPK ?? null,
      subscriber: person.subscriber,
      dateOfHire: person.dateOfHire,
      effectiveDate: person.effectiveDate,
      occupation: person.occupation,
      jobTitle: person.jobTitle,
      hasDependents: false,
      dependents: [],
      employerDivisionsPK: sample.saveStep >= 4 ? divisionPK : null,
      isMedicalCoverage: sample.saveStep >= 4 ? true : null,
      employerPlanPK: sample.saveStep >= 4 ? medicalPlanPK : null,
      medicalTierPK: sample.saveStep >= 4 ? medicalTierPK : null,
      isDentalCoverage: sample.saveStep >= 4 ? false : null,
      FSAElections: [],
    };
    const history = STATUS_PATHS[sample.status];
    const createdAt = atTime(
      addDays(createdDay, -(history.length - 1)),
      f.number.int({ min: 13, max: 21 }),
      f.number.int({ min: 0, max: 59 }),
    );
    const [inserted] = await db
      .insert(requests)
      .values({
        employerPK: group.employerPK,
        subscriberPK: member?.subscriberPK ?? null,
        type: sample.type,
        status: sample.status,
        saveStep: sample.saveStep,
        changeReasonPK: sample.changeReasonPK ?? null,
        payload,
        subscriberFirstName: person.subscriber.firstName,
        subscriberLastName: person.subscriber.lastName,
        ssn: member ? null : person.ssn,
        createdBy: SEED_ACTOR,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + (history.length - 1) * 86_400_000),
      })
      .returning({ requestPK: requests.requestPK });
    const requestPK = need(inserted, 'request').requestPK;
    await db.insert(requestStatusHistory).values(
      history.map((status, i) => ({
        requestPK,
        status,
        changedBy: SEED_ACTOR,
        changedAt: new Date(createdAt.getTime() + i * 86_400_000),
        note: status === 'HRRejected' ? 'Qualifying event documentation missing' : null,
      })),
    );

    if (sample.type === 'Terminate' && member) {
      const terminationDate = termDate ?? minDate(addDays(today, 20), `${today.slice(0, 4)}-12-31`);
      await db.insert(terminations).values({
        requestPK,
        employerPK: group.employerPK,
        subscriberPK: member.subscriberPK,
        dependentPK: null,
        eventDate: addDays(termDate ?? addDays(today, -sample.daysAgo), -14),
        terminationDate,
        reasonPK: need(TERMINATE_PLAN_REASONS[termDate ? 0 : 2], 'reason').pk,
        comment: termDate ? 'Last day worked two weeks after notice.' : 'Retiring at the end of the month.',
        createdBy: SEED_ACTOR,
        createdAt,
      });
    }
  }
}

type RequestPerson = {
  ssn: string | null;
  subscriber: { firstName: string; lastName: string } & Record<string, unknown>;
  dateOfHire: string | null;
  effectiveDate: string | null;
  occupation: string | null;
  jobTitle: string | null;
};

/** Form-shaped subscriber block of an existing member; the full SSN never goes into a payload. */
function memberPerson(m: Member): RequestPerson {
  const s = m.sub.row;
  return {
    ssn: null,
    subscriber: {
      firstName: s.firstName,
      lastName: s.lastName,
      middleName: s.middleName ?? '',
      ssnLast4: s.ssnLast4,
      dateOfBirth: s.dateOfBirth,
      genderID: s.genderPK,
      maritalStatusID: s.maritalStatusPK,
      address1: s.address1,
      address2: s.address2 ?? '',
      city: s.city,
      stateID: s.statePK,
      zipCode: s.zipCode,
      phone1: s.phone1,
      phone2: s.phone2 ?? '',
      emailAddress: s.email,
    },
    dateOfHire: s.dateOfHire ?? null,
    effectiveDate: s.effectiveDate,
    occupation: s.occupation ?? null,
    jobTitle: s.jobTitle ?? null,
  };
}

/** Someone not yet on file, for open new-enrollment requests. */
function newPerson(f: Faker, group: EmployerSeed, today: string, nextSsn: () => string): RequestPerson {
  const gender = f.helpers.arrayElement([1, 2]);
  const first = firstName(f, sexOf(gender));
  const last = lastName(f);
  const ssn = nextSsn();
  const home = address(f);
  const dateOfHire = randomDate(f, addDays(today, -40), addDays(today, -5));
  return {
    ssn,
    subscriber: {
      firstName: first,
      lastName: last,
      middleName: '',
      ssnLast4: ssnLast4Of(ssn),
      dateOfBirth: randomDate(f, '1970-01-01', '2002-12-31'),
      genderID: gender,
      maritalStatusID: 1,
      address1: home.address1,
      address2: home.address2 ?? '',
      city: home.city,
      stateID: home.statePK,
      zipCode: home.zipCode,
      phone1: phone(f),
      phone2: '',
      emailAddress: emailFor(f, first, last, domainOf(group)),
    },
    dateOfHire,
    effectiveDate: firstOfNextMonth(dateOfHire),
    occupation: f.person.jobArea(),
    jobTitle: f.person.jobTitle(),
  };
}
