import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { useDrawingArea, useYScale } from '@mui/x-charts/hooks';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { ChartSpec } from './chart-options';

const LEGEND_POSITION = { vertical: 'top', horizontal: 'start' } as const;

/** Each category's name, whole, just above its bar, clear of the axis line. */
function CategoryLabels() {
  const scale = useYScale<'band'>();
  const { left } = useDrawingArea();
  const { typography, palette } = useTheme();
  return (
    <g>
      {scale.domain().map((category) => (
        <text
          key={String(category)}
          data-category-label
          x={left + 4}
          y={(scale(category) ?? 0) - 3}
          dominantBaseline="text-after-edge"
          fill={palette.text.primary}
          style={{
            fontFamily: typography.caption.fontFamily,
            fontSize: 12,
            letterSpacing: typography.caption.letterSpacing,
          }}
        >
          {String(category)}
        </text>
      ))}
    </g>
  );
}

/**
 * What every chart draws around its plot, from its spec (./chart-options.ts): axes and the legend
 * only (the figure's table has the numbers, so no tooltip). The legend is HTML, so it sits beside the
 * SVG surface, not inside it. Without a height of its own it fills the figure's box.
 */
export function ChartFrame({ spec, children }: { spec: ChartSpec; children: ReactNode }) {
  return (
    <ChartsDataProvider xAxis={spec.xAxis} yAxis={spec.yAxis} series={spec.series} margin={spec.margin} skipAnimation>
      <ChartsWrapper legendPosition={LEGEND_POSITION} hideLegend={!spec.legend}>
        {spec.legend && <ChartsLegend />}
        <ChartsSurface>
          {children}
          <ChartsXAxis />
          <ChartsYAxis />
          {spec.labelsAboveBars && <CategoryLabels />}
        </ChartsSurface>
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}
