// Members as they are on file: the member list and details, dependents, the member view, ID cards and
// FSA elections. Read-side: changes to a member arrive as member requests, applied by processing.
export {
  dependentEnrollmentDetails,
  dependentList,
  subscriberDetails,
  subscriberFilter,
  subscriberList,
  subscriberListStatement,
} from './members';
export { memberView } from './member-view';
export { pageAnchorsOf } from './page-anchors';
export { NO_COVERAGE_MESSAGE, NO_ID_CARD_MESSAGE, idCardPdf, myIdCardPdf, requestIdCard, viewIdCard } from './id-cards';
export { fsaInformation } from './fsa';
