// Claims of a group: the claim search, a claim's explanation of benefits, and a member's own claims.
export { claimColumns, claimEobPdf, claimFilter, claimSearch, myClaims } from './claims';
