// The AI picks model's arithmetic, pure: cross-sectional rank normalisation, a ridge regression
// of the forward-return rank on the normalised inputs (closed form, solved with ml-matrix), Platt
// calibration of its output into a probability, and Spearman's rank correlation for the IC.
import { Matrix, solve } from "ml-matrix";

/**
 * Centred percentile ranks in (−0.5, 0.5): the smallest value gets −0.5 + 0.5/n, the largest
 * 0.5 − 0.5/n, ties share their mean rank, and a missing value (NaN) gets 0, the middle.
 */
export function centredRanks(values: ArrayLike<number>): Float64Array {
  const ranks = new Float64Array(values.length);
  const known: number[] = [];
  for (let index = 0; index < values.length; index++) if (!Number.isNaN(values[index])) known.push(index);
  known.sort((a, b) => values[a] - values[b]);
  const count = known.length;
  for (let start = 0; start < count; ) {
    let end = start;
    while (end + 1 < count && values[known[end + 1]] === values[known[start]]) end++;
    const meanRank = (start + end) / 2 + 1;
    for (let position = start; position <= end; position++) ranks[known[position]] = (meanRank - 0.5) / count - 0.5;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's rank correlation of two equally long series (pairs with a NaN left out); null under 3 pairs. */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  const pairs: [number, number][] = [];
  for (let index = 0; index < a.length; index++) if (!Number.isNaN(a[index]) && !Number.isNaN(b[index])) pairs.push([a[index], b[index]]);
  if (pairs.length < 3) return null;
  const [rankA, rankB] = [centredRanks(pairs.map((pair) => pair[0])), centredRanks(pairs.map((pair) => pair[1]))];
  let [cross, squaresA, squaresB] = [0, 0, 0];
  for (let index = 0; index < pairs.length; index++) {
    cross += rankA[index] * rankB[index];
    squaresA += rankA[index] ** 2;
    squaresB += rankB[index] ** 2;
  }
  return squaresA === 0 || squaresB === 0 ? null : cross / Math.sqrt(squaresA * squaresB);
}

/** Running sums of XᵀX and Xᵀy over samples whose rows are [1, x₁ … x_k] (the 1 is the intercept). */
export type NormalEquations = { size: number; xtx: Float64Array; xty: Float64Array; samples: number };

export function emptyNormalEquations(inputs: number): NormalEquations {
  const size = inputs + 1;
  return { size, xtx: new Float64Array(size * size), xty: new Float64Array(size), samples: 0 };
}

/** Adds the rows of one cross-section (row-major `inputs` values per row) and their targets. */
export function addSamples(sums: NormalEquations, rows: Float64Array, targets: Float64Array): void {
  const { size, xtx, xty } = sums;
  const inputs = size - 1;
  const row = new Float64Array(size);
  row[0] = 1;
  for (let sample = 0; sample < targets.length; sample++) {
    for (let input = 0; input < inputs; input++) row[input + 1] = rows[sample * inputs + input];
    for (let i = 0; i < size; i++) {
      xty[i] += row[i] * targets[sample];
      for (let j = i; j < size; j++) xtx[i * size + j] += row[i] * row[j];
    }
  }
  sums.samples += targets.length;
}

export function mergeNormalEquations(into: NormalEquations, from: NormalEquations): void {
  for (let index = 0; index < into.xtx.length; index++) into.xtx[index] += from.xtx[index];
  for (let index = 0; index < into.xty.length; index++) into.xty[index] += from.xty[index];
  into.samples += from.samples;
}

/**
 * Ridge regression, closed form: β = (XᵀX + λ·n·I)⁻¹ Xᵀy, the intercept unpenalised. λ is per
 * sample, so the shrinkage does not fade as the expanding window grows.
 */
export function solveRidge(sums: NormalEquations, lambdaPerSample: number): { intercept: number; weights: number[] } {
  const { size, xtx, xty, samples } = sums;
  const matrix = new Matrix(size, size);
  for (let i = 0; i < size; i++) {
    for (let j = i; j < size; j++) {
      matrix.set(i, j, xtx[i * size + j]);
      matrix.set(j, i, xtx[i * size + j]);
    }
    if (i > 0) matrix.set(i, i, matrix.get(i, i) + lambdaPerSample * samples);
  }
  const beta = solve(matrix, Matrix.columnVector(Array.from(xty))).to1DArray();
  return { intercept: beta[0], weights: beta.slice(1) };
}

export type Calibration = { intercept: number; slope: number };

export const logistic = (value: number) => 1 / (1 + Math.exp(-value));

/**
 * Platt scaling: the logistic curve P(y = 1) = σ(a + b·s) of largest likelihood, by Newton's
 * method (two parameters, so each step solves a 2×2 system). A tiny ridge on b keeps it finite
 * when the scores separate the labels perfectly.
 */
export function fitPlatt(scores: ArrayLike<number>, labels: ArrayLike<number>, iterations = 25): Calibration {
  let [a, b] = [0, 0];
  for (let step = 0; step < iterations; step++) {
    let [gradientA, gradientB, hAA, hAB, hBB] = [0, 0, 0, 0, 1e-6];
    for (let index = 0; index < scores.length; index++) {
      const p = logistic(a + b * scores[index]);
      const [residual, weight] = [labels[index] - p, p * (1 - p)];
      gradientA += residual;
      gradientB += residual * scores[index];
      hAA += weight;
      hAB += weight * scores[index];
      hBB += weight * scores[index] ** 2;
    }
    const determinant = hAA * hBB - hAB * hAB;
    if (determinant <= 0) break;
    const [stepA, stepB] = [(hBB * gradientA - hAB * gradientB) / determinant, (hAA * gradientB - hAB * gradientA) / determinant];
    a += stepA;
    b += stepB;
    if (Math.abs(stepA) + Math.abs(stepB) < 1e-9) break;
  }
  return { intercept: a, slope: b };
}

/** Groups smaller than this are ranked with the whole cross-section: a rank among 3 says little. */
export const MIN_GROUP_SIZE = 5;

/**
 * Centred ranks within groups (sector-neutral ranks): each value ranked among the known values of
 * its group, so a bank's book-to-price is compared with other banks'. A value whose group (or
 * group null) has under MIN_GROUP_SIZE known values is ranked among the whole cross-section.
 */
export function centredRanksWithin(values: ArrayLike<number>, groups: readonly (string | null)[]): Float64Array {
  const whole = centredRanks(values);
  const members = new Map<string, number[]>();
  for (let index = 0; index < values.length; index++) {
    const group = groups[index];
    if (group === null || Number.isNaN(values[index])) continue;
    let list = members.get(group);
    if (!list) members.set(group, (list = []));
    list.push(index);
  }
  const ranks = Float64Array.from(whole);
  for (const indices of members.values()) {
    if (indices.length < MIN_GROUP_SIZE) continue;
    const within = centredRanks(indices.map((index) => values[index]));
    indices.forEach((index, position) => (ranks[index] = within[position]));
  }
  return ranks;
}
