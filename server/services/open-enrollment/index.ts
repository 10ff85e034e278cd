// The open-enrollment domain's face: plan years and their rates.
export {
  copyPlanYear,
  planYearList,
  planYearPlans,
  savePlanDetails,
  savePlanRates,
  setPayFrequency,
  setPlanSuccessor,
} from './plan-years';
