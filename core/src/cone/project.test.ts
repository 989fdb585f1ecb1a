import { describe, expect, test } from 'vitest';
import { coneViolation, projectOntoCone, projectOntoCones, projectOntoPolarCone } from './project.js';

const p = new Float64Array(3);

describe('projection onto K_μ and its polar', () => {
  test('should leave a point inside the cone unchanged', () => {
    projectOntoCone(p, 0, Float64Array.of(2, 0.3, -0.4), 0, 0.5);
    expect([...p]).toEqual([2, 0.3, -0.4]);
  });

  test('should send a point inside the polar cone to 0', () => {
    projectOntoCone(p, 0, Float64Array.of(-2, 0.3, -0.4), 0, 0.5);
    expect([...p]).toEqual([0, 0, 0]);
  });

  test('should project onto the boundary ray in between: ((x_N + μρ)/(1+μ²)) [1, μ x_T/ρ]', () => {
    // x = [1, 3, 4], μ = 0.5: ρ = 5, p_N = 3.5/1.25 = 2.8, p_T = 0.5·2.8·(0.6, 0.8)
    projectOntoCone(p, 0, Float64Array.of(1, 3, 4), 0, 0.5);
    expect(p[0]).toBeCloseTo(2.8, 15);
    expect(p[1]).toBeCloseTo(0.84, 15);
    expect(p[2]).toBeCloseTo(1.12, 15);
  });

  test('should project onto the half-line [max(x_N, 0), 0, 0] for μ = 0, also for x_T = 0 and x_N < 0', () => {
    projectOntoCone(p, 0, Float64Array.of(-5, 0, 0), 0, 0);
    expect([...p]).toEqual([0, 0, 0]);
    projectOntoCone(p, 0, Float64Array.of(3, 1, -2), 0, 0);
    expect([p[0], Math.abs(p[1]), Math.abs(p[2])]).toEqual([3, 0, 0]);
    projectOntoPolarCone(p, 0, Float64Array.of(-5, 0, 0), 0, 0);
    expect([...p]).toEqual([-5, 0, 0]);
  });

  test('should split x into orthogonal parts in K and K° (Moreau)', () => {
    const x = Float64Array.of(0.2, -1, 0.7), q = new Float64Array(3);
    projectOntoCone(p, 0, x, 0, 0.8);
    projectOntoPolarCone(q, 0, x, 0, 0.8);
    for (let i = 0; i < 3; i++) expect(p[i] + q[i]).toBeCloseTo(x[i], 15);
    expect(p[0] * q[0] + p[1] * q[1] + p[2] * q[2]).toBeCloseTo(0, 15);
  });

  test('should project every contact block and measure violation', () => {
    const x = Float64Array.of(1, 3, 4, -1, 0, 0);
    projectOntoCones(x, x, Float64Array.of(0.5, 0.2));
    expect(coneViolation(x, 0, 0.5)).toBeLessThan(1e-15);
    expect([x[3], x[4], x[5]]).toEqual([0, 0, 0]);
    expect(coneViolation(Float64Array.of(-1, 0, 0), 0, 0.2)).toBe(1);
  });

  test('should keep [x_N, 0, 0] for μ = 0 and x_T = 0 instead of dividing 0 by 0', () => {
    // On the normal axis the boundary-ray formula would read μ p_N / ‖x_T‖ = 0/0.
    projectOntoCone(p, 0, Float64Array.of(3, 0, 0), 0, 0);
    expect([...p]).toEqual([3, 0, 0]);
    projectOntoPolarCone(p, 0, Float64Array.of(3, 0, 0), 0, 0);
    expect([...p]).toEqual([0, 0, 0]);
  });

  test('should write exactly out[oo..oo+2] in every branch, whatever out held', () => {
    // inside K, inside K°, and onto the boundary ray; expected P_K and P_K° by hand
    const cases = [
      { x: [2, 0.3, -0.4], cone: [2, 0.3, -0.4], polar: [0, 0, 0] },
      { x: [-2, 0.3, -0.4], cone: [0, 0, 0], polar: [-2, 0.3, -0.4] },
      { x: [1, 3, 4], cone: [2.8, 0.84, 1.12], polar: [-1.8, 2.16, 2.88] },
    ];
    for (const c of cases) {
      for (const [project, expected] of [[projectOntoCone, c.cone], [projectOntoPolarCone, c.polar]] as const) {
        const out = new Float64Array(9).fill(7);
        project(out, 3, Float64Array.of(9, 9, 9, 9, 9, 9, ...c.x), 6, 0.5);
        expect([...out.subarray(0, 3), ...out.subarray(6)]).toEqual([7, 7, 7, 7, 7, 7]);
        for (let i = 0; i < 3; i++) expect(out[3 + i]).toBeCloseTo(expected[i], 14);
      }
    }
  });

  test('should project only the contacts of mu when out is a longer workspace', () => {
    const out = new Float64Array(9).fill(7);
    projectOntoCones(out, Float64Array.of(1, 3, 4, -1, 0, 0), Float64Array.of(0.5, 0.2));
    expect([out[0], out[3], out[4], out[5]]).toEqual([2.8, 0, 0, 0]);
    expect([...out.subarray(6)]).toEqual([7, 7, 7]);
  });
});
