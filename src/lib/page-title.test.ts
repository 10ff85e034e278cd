import { describe, expect, it } from 'vitest';
import { documentTitleOf, screenLabelOf } from './page-title';

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
