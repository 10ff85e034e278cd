/** How long a new screen may take to show its h1 (its code or data can still be arriving). */
const MAX_FRAMES = 120;

/** The heading a screen starts with: the main area's h1, else the page's. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/**
 * Moves focus to the screen's h1 once it is shown, so keyboard and screen reader users start at the
 * new screen rather than at the top of the document. Returns a function that stops waiting.
 */
export function focusPageHeading(): () => void {
  let frame = 0;
  let handle = 0;
  const attempt = () => {
    const heading = pageHeading();
    if (heading) {
      // Headings are not in the tab order; -1 lets a script focus them.
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return;
    }
    if (++frame < MAX_FRAMES) handle = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(handle);
}
