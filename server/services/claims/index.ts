// Claims of a group: the claim search and a claim's explanation of benefits.
export { claimColumns, claimEobPdf, claimFilter, claimSearch } from './claims';
