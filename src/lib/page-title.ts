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

/**
 * A screen whose label depends on more than its route (the enrollment wizard's steps are Change
 * Coverage steps in that journey) puts it on an element of its heading with this attribute; it wins
 * over the route's. Never a member's name: titles end up in the browser's history.
 */
export const SCREEN_LABEL_ATTRIBUTE = 'data-screen-label';

/** The label a rendered screen gives itself, if any. */
export function renderedScreenLabel(root: ParentNode = document): string {
  return root.querySelector(`[${SCREEN_LABEL_ATTRIBUTE}]`)?.getAttribute(SCREEN_LABEL_ATTRIBUTE) ?? '';
}

/** '<screen label> – Benefits Portal', or the product name alone. */
export function documentTitleOf(label: string): string {
  return label ? `${label} – ${PRODUCT_NAME}` : PRODUCT_NAME;
}
