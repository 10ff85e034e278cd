import { X12Segment } from 'node-x12';
import { describe, expect, it } from 'vitest';
import { X12_OPTIONS, coverageLevel, relationshipCode, segment } from './carrier-834';

describe('segments', () => {
  it('are written byte for byte as node-x12 writes them', () => {
    const samples: [string, string[]][] = [
      ['INS', ['Y', '18', '021', '28', 'A', '', '', 'FT']],
      ['NM1', ['IL', '1', 'DOE', 'JANE', 'Q', '', '', '34', '900112222']],
      ['DTP', ['348', 'D8', '20260101']],
      ['N3', ['12 ELM ST']],
    ];
    for (const [tag, elements] of samples) {
      const library = new X12Segment(tag, X12_OPTIONS).setElements(elements).toString(X12_OPTIONS);
      expect(segment(tag, elements)).toBe(library);
    }
  });

  it('leave trailing empty elements off', () => {
    expect(segment('NM1', ['IL', '1', 'DOE', 'JANE', '', '', '', '', ''])).toBe('NM1*IL*1*DOE*JANE~');
  });
});

describe('codes', () => {
  it('give the relationship and the coverage level of the guide', () => {
    expect([1, 3, 24, 4].map(relationshipCode)).toEqual(['01', '19', '53', '19']);
    expect(['EE', 'ES', 'EC', 'FAM', 'DEE', 'DFAM', null].map(coverageLevel)).toEqual([
      'EMP',
      'ESP',
      'ECH',
      'FAM',
      'EMP',
      'FAM',
      null,
    ]);
  });
});
