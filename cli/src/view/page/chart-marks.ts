import type uPlot from 'uplot';

/** A vertical mark on a chart: at `x` (in the x scale's units), labelled, in a colour, its label on text row `row`. */
export interface ChartMark {
  x: number;
  label: string;
  colour: string;
  row: number;
}

/** Draws each mark as a dashed vertical line across the plot with its label beside it; marks outside the plot are skipped. */
export function drawDashedMarks(u: uPlot, marks: readonly ChartMark[]): void {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = devicePixelRatio;
  ctx.font = `${11 * devicePixelRatio}px sans-serif`;
  // uPlot leaves the alignment of its last axis labels on the context.
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  for (const m of marks) {
    const x = Math.round(u.valToPos(m.x, 'x', true));
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    ctx.strokeStyle = ctx.fillStyle = m.colour;
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.fillText(m.label, x + 4 * devicePixelRatio, bbox.top + (12 + 13 * m.row) * devicePixelRatio);
  }
  ctx.restore();
}
