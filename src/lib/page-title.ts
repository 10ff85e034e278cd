import { BRAND } from '../contracts/brand';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's label: the document title, and what is announced when the screen opens. */
    title?: string;
  }
}

const PRODUCT_NAME = BRAND.productName;

type TitledMatch = { staticData?: { title?: string } };

/** The label of the deepest matched route that names one ('' when none does). */
export function screenLabelOf(matches: readonly TitledMatch[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = matches[i]?.staticData?.title;
    if (title) return title;
  }
  return '';
}

/** '<screen label> – Benefits Portal', or the product name alone. */
export function documentTitleOf(label: string): string {
  return label ? `${label} – ${PRODUCT_NAME}` : PRODUCT_NAME;
}
