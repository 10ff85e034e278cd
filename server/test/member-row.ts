/**
 * A subscriber of `employerPK` with these names and the fewest fields the table asks for; `n` keeps
 * its id, SSN and e-mail apart from the seed's.
 */
export const memberRow = (employerPK: number, n: number, firstName: string, lastName: string) => ({
  employerPK,
  subscriberID: `GN${n}`,
  firstName,
  lastName,
  ssn: `900-00-${String(n).padStart(4, '0')}`,
  ssnLast4: String(n).padStart(4, '0'),
  dateOfBirth: '1980-01-01',
  genderPK: 1,
  address1: '1 Main St',
  city: 'Springfield',
  statePK: 1,
  zipCode: '12345',
  phone1: '2125550100',
  email: `gn${n}@example.com`,
});
