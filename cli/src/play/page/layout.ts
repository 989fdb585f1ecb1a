/** The page's parts, found once. */
export interface Layout {
  title: HTMLElement;
  summary: HTMLElement;
  stage: HTMLElement;
  legend: HTMLElement;
  controls: HTMLElement;
  chart: HTMLElement;
  curve: HTMLElement;
  stats: HTMLElement;
  solver: HTMLElement;
  scene: HTMLElement;
  failure: HTMLElement;
}

/**
 * Lays the page out: the 3D view with the controls under it, then the chart of the steps beside
 * the convergence of the last step, and the last step's statistics; beside them, the solver chain and the scene, each editable.
 */
export function mountLayout(root: HTMLElement): Layout {
  root.innerHTML = `
    <header><h1>moreau play</h1><span class="scene-name"></span><span class="summary"></span></header>
    <p class="failure" hidden></p>
    <div class="play">
      <section class="live">
        <div class="stage"><div class="legend"></div></div>
        <div class="bar controls"></div>
        <div class="charts"><div class="chart"></div><div class="curve"></div></div>
        <div class="stats"></div>
      </section>
      <aside class="panels">
        <section class="panel solver-panel"></section>
        <section class="panel scene-panel"></section>
      </aside>
    </div>`;
  const q = (s: string) => root.querySelector<HTMLElement>(s)!;
  return {
    title: q('.scene-name'), summary: q('.summary'), stage: q('.stage'), legend: q('.legend'), controls: q('.controls'),
    chart: q('.chart'), curve: q('.curve'), stats: q('.stats'), solver: q('.solver-panel'), scene: q('.scene-panel'), failure: q('.failure'),
  };
}
