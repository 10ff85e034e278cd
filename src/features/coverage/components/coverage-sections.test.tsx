import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanData } from '../../../contracts/subscribers';
import { DependentsSection, FsaSection, PlanSections } from './coverage-sections';

const plan: PlanData = {
  planName: 'Gold PPO',
  planDescription: 'Gold PPO (plan year 2025)',
  coverage: 'Employee + Family',
  dentalPlanName: null,
  dentalPlanDescription: null,
  dentalCoverage: null,
  coverageBeginDate: '2025-01-01',
  coverageEndDate: null,
  dentalCoverageBeginDate: null,
  dentalCoverageEndDate: null,
  divisionID: 'D01',
  divisionDescription: 'Head office',
  dependentPK: null,
};

const factsOf = (region: HTMLElement) =>
  Object.fromEntries(
    within(region)
      .queryAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('PlanSections', () => {
  it('shows the medical plan with its begin date as MM/DD/YYYY and no end date when there is none', () => {
    render(<PlanSections plan={plan} />);
    expect(factsOf(screen.getByRole('region', { name: 'Medical Plan' }))).toEqual({
      'Plan Name': 'Gold PPO',
      Description: 'Gold PPO (plan year 2025)',
      Coverage: 'Employee + Family',
      'Begin Date': '01/01/2025',
    });
    expect(screen.getByRole('region', { name: 'Dental Plan' })).toHaveTextContent('No current dental plan.');
  });

  it('shows an end date when the coverage has one', () => {
    render(<PlanSections plan={{ ...plan, coverageEndDate: '2025-12-31' }} />);
    expect(factsOf(screen.getByRole('region', { name: 'Medical Plan' }))['End Date']).toBe('12/31/2025');
  });
});

describe('FsaSection', () => {
  it('lists each election with amounts in dollars', () => {
    render(
      <FsaSection
        items={[
          {
            fsaName: 'Health FSA',
            fsaType: 'Health Care',
            fsaYear: 2025,
            electionAmount: 2500,
            AvailableBalance: 1234.5,
            planEnd: '2025-12-31',
          },
        ]}
      />,
    );
    const cells = within(screen.getByRole('table', { name: 'FSA elections' }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Health FSA', 'Health Care', '2025', '$2,500.00', '$1,234.50', '12/31/2025']);
  });

  it('says so when there are no elections', () => {
    render(<FsaSection items={[]} />);
    expect(screen.getByRole('region', { name: 'FSA' })).toHaveTextContent('No FSA elections.');
  });
});

describe('DependentsSection', () => {
  it('shows name, relationship, birth date and the SSN’s last 4 only', () => {
    render(
      <DependentsSection
        dependents={[
          {
            dependentPK: 1,
            subscriberPK: 1,
            dependentID: 'S02000001-01',
            firstName: 'Mia',
            lastName: 'Lee',
            middleInitial: null,
            ssnLast4: '4321',
            isEmployed: false,
            genderPK: 2,
            maritalStatusPK: 1,
            marriageDate: null,
            relationshipPK: 3,
            relationPK: 3,
            relationship: 'Child',
            dateOfBirth: '2015-06-09',
            phone1: null,
            phone2: null,
            emailAddress: null,
            sameAddress: true,
            address: { address1: null, address2: null, zipCode: null, city: null, stateID: null },
            isTermed: false,
            termDate: null,
          },
        ]}
      />,
    );
    const cells = within(screen.getByRole('table', { name: 'Dependents' }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Mia Lee', 'Child', '06/09/2015', '4321']);
  });
});
