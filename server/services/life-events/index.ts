// Life events: qualifying events a member reports during the year (kinds as data), their proof kept
// encrypted, and the `LifeEvent` request each report becomes.
export { lifeEventOptions } from './life-event-options';
export { reportLifeEvent } from './report-life-event';
export { requestProof, uploadLifeEventProof } from './life-event-proofs';
