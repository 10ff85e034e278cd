// The home dashboard's panels, and the page views the portal records.
export { claimsInsight, documentInsightOf, enrollmentInsight, membershipInsight, requestsInsight } from './insight';
export { pageView } from './analytics';
