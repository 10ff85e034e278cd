import { describe, expect, it } from 'vitest';
import { documentTitleOf, renderedScreenLabel, SCREEN_LABEL_ATTRIBUTE, screenLabelOf } from './page-title';

describe('screenLabelOf', () => {
  it('takes the deepest route that names its screen', () => {
    expect(
      screenLabelOf([
        { staticData: {} },
        { staticData: { title: 'Layout' } },
        { staticData: { title: 'Claim Search' } },
      ]),
    ).toBe('Claim Search');
    expect(screenLabelOf([{ staticData: { title: 'Home' } }, { staticData: {} }, {}])).toBe('Home');
  });

  it('is empty when no route names one', () => {
    expect(screenLabelOf([])).toBe('');
    expect(screenLabelOf([{ staticData: {} }])).toBe('');
  });
});

describe('documentTitleOf', () => {
  it('puts the screen before the product, with an en dash', () => {
    expect(documentTitleOf('Claim Search')).toBe('Claim Search – Benefits Portal');
    expect(documentTitleOf('')).toBe('Benefits Portal');
  });
});

describe('renderedScreenLabel', () => {
  it("reads the label a screen's heading gives itself, and nothing when it gives none", () => {
    const root = document.createElement('div');
    expect(renderedScreenLabel(root)).toBe('');
    root.innerHTML = `<main><div ${SCREEN_LABEL_ATTRIBUTE}="Change Coverage: Choose a Plan"><h1>x</h1></div></main>`;
    expect(renderedScreenLabel(root)).toBe('Change Coverage: Choose a Plan');
  });
});
