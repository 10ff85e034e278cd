// Reference data: the lookup lists and the employer group's structure (divisions, plans, tiers).
export { changePlanReasonList, dropdownLists, listLookup } from './lookups';
export { availablePlanList, coverageOptions, employerDetails, employerDivisions } from './employers';
