import type { LookupItem } from '../../../contracts/common';
import { OFFERED_RELATIONSHIP_PKS, type DropdownLists } from '../../../contracts/lookups';
import type { SelectOption } from '../../../components/form/form-select-field';

export const toOptions = (items: readonly LookupItem[]): SelectOption[] =>
  items.map((i) => ({ value: i.pk, label: i.name }));

/** The dropdowns of the wizard's person forms; relationships limited to those offered (spec 1 §5). */
export function personOptions(lists: DropdownLists) {
  const offered = OFFERED_RELATIONSHIP_PKS as readonly number[];
  return {
    genders: toOptions(lists.genders),
    maritalStatuses: toOptions(lists.maritalStatuses),
    states: toOptions(lists.states),
    relationships: toOptions(lists.relationships.filter((r) => offered.includes(r.pk))),
    payFrequencies: toOptions(lists.payFrequencies),
  };
}
export type PersonOptions = ReturnType<typeof personOptions>;
