// A histogram-based gradient-boosted regression tree ensemble (LightGBM-style, squared-error loss),
// one of the models the AI picks compare. Written here because the libraries were too slow for the
// ~200 fits a pass makes in a worker within 60 s: ml-xgboost's WASM build took 2.9 s per fit of 100
// depth-3 trees on 45,000 rows, ml-cart 89 s for one depth-3 tree on 20,000 rows (O(n²) splits).
//
// Inputs are centred ranks in [−0.5, 0.5], so equal-width bins are quantile bins: each input is
// binned once per fit, and every split is a bin edge, stored as a real threshold so prediction works
// on unbinned rows. Trees grow level-wise from per-node histograms of residual sum and count; a
// child's histogram is its parent's less its sibling's, so only the smaller child is scanned.
// The model is plain JSON: it is stored in a jsonb column and posted between worker threads.
import { seededRandom } from "../shared/statistics";

export type GradientBoostingOptions = {
  trees: number;
  /** Split levels per tree: depth d gives at most 2^d leaves. */
  depth: number;
  learningRate: number;
  minSamplesPerLeaf: number;
  /** Equal-width bins over [−0.5, 0.5] per input, 2–256. Default 32. */
  bins?: number;
  /** The share of rows drawn (without replacement) for each tree, in (0, 1]. Default 1. */
  subsample?: number;
  /** Seeds the row draws. Default 0. */
  seed?: number;
  /** Called after each tree (a pool worker makes way for requests there). */
  afterTree?: () => void;
};

/**
 * One node of a tree, in a flat array with the root at 0. Internal: rows whose `input` is
 * `<= threshold` go to `left`, the others to `right`. Leaf: `input` −1 (`left`/`right` −1).
 * `value`: the mean residual of the node's training rows less the root's (the root's mean is folded
 * into the model's base), so the root is 0 and the changes of value along a path sum to its leaf's.
 */
export type TreeNode = { input: number; threshold: number; left: number; right: number; value: number };

/** prediction = base + learningRate × Σ over trees of the row's leaf value; base is the mean target plus learningRate × each tree's root mean. */
export type GradientBoostingModel = { kind: "gbt"; base: number; learningRate: number; inputs: number; trees: TreeNode[][] };

/** What every step of one fit reads; `order` and `residuals` change as trees grow. */
type Fit = {
  samples: number;
  inputs: number;
  bins: number;
  depth: number;
  minSamplesPerLeaf: number;
  /** edges[b]: the upper edge of bin b; a value v is in the lowest bin b with v <= edges[b]. */
  edges: Float64Array;
  /**
   * binned[sample × inputs + input], row-major like the rows: a histogram scan reads each row's
   * residual once and its bins contiguously (measured 30% faster than column-major on 45k × 20).
   */
  binned: Uint8Array;
  residuals: Float64Array;
  /** The current tree's rows, each node's rows contiguous and ascending (cache-friendly scans). */
  order: Uint32Array;
  scratch: Uint32Array;
};

/** A node being grown: its rows are order[start, end); `histogram` is null when it will not split. */
type Region = { node: number; start: number; end: number; sum: number; histogram: Float64Array | null };

type Split = { input: number; bin: number; leftSum: number; leftCount: number };

export function fitGradientBoosting(rows: Float64Array, inputs: number, targets: Float64Array, options: GradientBoostingOptions): GradientBoostingModel {
  const samples = targets.length;
  const bins = options.bins ?? 32;
  const subsample = options.subsample ?? 1;
  const { trees, depth, learningRate, minSamplesPerLeaf } = options;
  const valid = (condition: boolean, message: string) => {
    if (!condition) throw new RangeError(`fitGradientBoosting: ${message}`);
  };
  valid(Number.isInteger(inputs) && inputs >= 1 && samples >= 1 && rows.length === samples * inputs, `rows must hold ${samples} × ${inputs} values, got ${rows.length}`);
  valid(Number.isInteger(trees) && trees >= 0 && Number.isInteger(depth) && depth >= 0, "trees and depth must be whole numbers ≥ 0");
  valid(learningRate > 0 && minSamplesPerLeaf >= 1, "learningRate must be > 0 and minSamplesPerLeaf ≥ 1");
  valid(Number.isInteger(bins) && bins >= 2 && bins <= 256, "bins must be a whole number in 2–256 (bins are bytes)");
  valid(subsample > 0 && subsample <= 1, "subsample must be in (0, 1]");

  const edges = Float64Array.from({ length: bins }, (_, bin) => -0.5 + (bin + 1) / bins);
  const base = targets.reduce((sum, target) => sum + target, 0) / samples;
  const drawn = Math.max(1, Math.round(subsample * samples));
  const fit: Fit = {
    samples,
    inputs,
    bins,
    depth,
    minSamplesPerLeaf,
    edges,
    binned: binValues(rows, edges),
    residuals: targets.map((target) => target - base),
    order: new Uint32Array(drawn),
    scratch: new Uint32Array(drawn),
  };
  const random = seededRandom(options.seed ?? 0);
  const model: GradientBoostingModel = { kind: "gbt", base, learningRate, inputs, trees: [] };
  for (let tree = 0; tree < trees; tree++) {
    drawRows(fit.order, samples, random);
    const grown = growTree(fit);
    model.base += learningRate * grown.rootMean;
    updateResiduals(fit, grown.nodes, grown.splitBins, learningRate, grown.rootMean);
    model.trees.push(grown.nodes);
    options.afterTree?.();
  }
  return model;
}

export function predictGradientBoosting(model: GradientBoostingModel, rows: Float64Array, row: number): number {
  const offset = row * model.inputs;
  let total = 0;
  for (const tree of model.trees) {
    let node = tree[0];
    while (node.input >= 0) node = tree[rows[offset + node.input] <= node.threshold ? node.left : node.right];
    total += node.value;
  }
  return model.base + model.learningRate * total;
}

/** Per-input contributions of one row (Saabas path attribution: the change of node value along the path credited to the split input, times the learning rate); they sum to prediction − base. */
export function contributionsOf(model: GradientBoostingModel, rows: Float64Array, row: number): Float64Array {
  const offset = row * model.inputs;
  const contributions = new Float64Array(model.inputs);
  for (const tree of model.trees) {
    let node = tree[0];
    while (node.input >= 0) {
      const child = tree[rows[offset + node.input] <= node.threshold ? node.left : node.right];
      contributions[node.input] += model.learningRate * (child.value - node.value);
      node = child;
    }
  }
  return contributions;
}

/**
 * Each value's bin. The guess from the value is corrected against `edges` so that
 * bin <= b exactly when value <= edges[b]: training splits and prediction's thresholds agree even on
 * an edge. Values outside [−0.5, 0.5] land in the end bins; NaN in the last (it never goes left).
 */
function binValues(rows: Float64Array, edges: Float64Array): Uint8Array {
  const last = edges.length - 1;
  const binned = new Uint8Array(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const value = rows[index];
    const guess = Math.ceil((value + 0.5) * edges.length) - 1;
    let bin = guess > 0 ? Math.min(guess, last) : 0;
    while (bin > 0 && value <= edges[bin - 1]) bin--;
    while (bin < last && !(value <= edges[bin])) bin++;
    binned[index] = bin;
  }
  return binned;
}

/** Fills `order` with order.length distinct rows of 0…samples−1, ascending (selection sampling, Knuth's algorithm S). */
function drawRows(order: Uint32Array, samples: number, random: () => number): void {
  if (order.length === samples) {
    // Every row, back in ascending order (the last tree's partitions reordered them); no draw.
    for (let row = 0; row < samples; row++) order[row] = row;
    return;
  }
  let needed = order.length;
  for (let row = 0, filled = 0; needed > 0; row++) {
    if (random() * (samples - row) < needed) {
      order[filled++] = row;
      needed--;
    }
  }
}

function growTree(fit: Fit): { nodes: TreeNode[]; splitBins: number[]; rootMean: number } {
  const count = fit.order.length;
  let rootSum = 0;
  for (let position = 0; position < count; position++) rootSum += fit.residuals[fit.order[position]];
  const rootMean = rootSum / count;
  const leaf = (value: number): TreeNode => ({ input: -1, threshold: 0, left: -1, right: -1, value });
  const nodes = [leaf(0)];
  // The split's bin per node (−1 for a leaf), to route the training rows by their bins.
  const splitBins = [-1];
  let level: Region[] = [{ node: 0, start: 0, end: count, sum: rootSum, histogram: splits(fit, count, 0) ? histogramOf(fit, 0, count) : null }];
  for (let depth = 0; depth < fit.depth && level.length > 0; depth++) {
    const next: Region[] = [];
    for (const region of level) {
      if (!region.histogram) continue;
      const split = bestSplit(fit, region.histogram, region.sum, region.end - region.start);
      if (!split) continue;
      const middle = partition(fit, region.start, region.end, split.input, split.bin);
      const rightSum = region.sum - split.leftSum;
      const left: Region = { node: nodes.length, start: region.start, end: middle, sum: split.leftSum, histogram: null };
      const right: Region = { node: nodes.length + 1, start: middle, end: region.end, sum: rightSum, histogram: null };
      nodes.push(leaf(split.leftSum / split.leftCount - rootMean), leaf(rightSum / (region.end - middle) - rootMean));
      splitBins.push(-1, -1);
      Object.assign(nodes[region.node], { input: split.input, threshold: fit.edges[split.bin], left: left.node, right: right.node });
      splitBins[region.node] = split.bin;
      addChildHistograms(fit, region.histogram, left, right, depth + 1);
      next.push(left, right);
    }
    level = next;
  }
  return { nodes, splitBins, rootMean };
}

/** Whether a node of `count` rows at `depth` may still split. */
const splits = (fit: Fit, count: number, depth: number) => depth < fit.depth && count >= 2 * fit.minSamplesPerLeaf;

/** Per input and bin, the residual sum then the row count of order[start, end), interleaved. */
function histogramOf(fit: Fit, start: number, end: number): Float64Array {
  const { inputs, bins, binned, order, residuals } = fit;
  const histogram = new Float64Array(inputs * bins * 2);
  for (let position = start; position < end; position++) {
    const row = order[position];
    const residual = residuals[row];
    const first = row * inputs;
    for (let input = 0, offset = 0; input < inputs; input++, offset += 2 * bins) {
      const slot = offset + 2 * binned[first + input];
      histogram[slot] += residual;
      histogram[slot + 1]++;
    }
  }
  return histogram;
}

/** Scans the smaller child; the larger one's histogram is the parent's less it (the parent's array is reused). */
function addChildHistograms(fit: Fit, parent: Float64Array, left: Region, right: Region, depth: number): void {
  const [smaller, larger] = left.end - left.start <= right.end - right.start ? [left, right] : [right, left];
  const smallerSplits = splits(fit, smaller.end - smaller.start, depth);
  const largerSplits = splits(fit, larger.end - larger.start, depth);
  if (!smallerSplits && !largerSplits) return;
  const scanned = histogramOf(fit, smaller.start, smaller.end);
  if (smallerSplits) smaller.histogram = scanned;
  if (largerSplits) {
    for (let slot = 0; slot < parent.length; slot++) parent[slot] -= scanned[slot];
    larger.histogram = parent;
  }
}

/** The bin edge with the largest drop in squared error (Σ² / n gained on each side) leaving minSamplesPerLeaf on each side; null when none gains. */
function bestSplit(fit: Fit, histogram: Float64Array, sum: number, count: number): Split | null {
  const { inputs, bins, minSamplesPerLeaf } = fit;
  const parentScore = (sum * sum) / count;
  let best: Split | null = null;
  let bestGain = 0;
  for (let input = 0; input < inputs; input++) {
    const offset = input * bins * 2;
    let leftSum = 0;
    let leftCount = 0;
    for (let bin = 0; bin < bins - 1; bin++) {
      leftSum += histogram[offset + 2 * bin];
      leftCount += histogram[offset + 2 * bin + 1];
      if (leftCount < minSamplesPerLeaf) continue;
      const rightCount = count - leftCount;
      if (rightCount < minSamplesPerLeaf) break;
      const rightSum = sum - leftSum;
      const gain = (leftSum * leftSum) / leftCount + (rightSum * rightSum) / rightCount - parentScore;
      if (gain > bestGain) {
        bestGain = gain;
        best = { input, bin, leftSum, leftCount };
      }
    }
  }
  return best;
}

/** Reorders order[start, end) so the rows going left come first, both sides still ascending; answers where the right side starts. */
function partition(fit: Fit, start: number, end: number, input: number, bin: number): number {
  const { order, scratch, binned, inputs } = fit;
  let left = start;
  let right = 0;
  for (let position = start; position < end; position++) {
    const row = order[position];
    if (binned[row * inputs + input] <= bin) order[left++] = row;
    else scratch[right++] = row;
  }
  order.set(scratch.subarray(0, right), left);
  return left;
}

/** Subtracts the new tree's step from every row's residual, the rows left out of its draw included. */
function updateResiduals(fit: Fit, nodes: TreeNode[], splitBins: number[], learningRate: number, rootMean: number): void {
  const { samples, inputs, binned, residuals } = fit;
  // The tree as typed arrays: this loop runs samples × depth times per tree.
  const splitInputs = Int32Array.from(nodes, (node) => node.input);
  const bins = Int32Array.from(splitBins);
  const lefts = Int32Array.from(nodes, (node) => node.left);
  const steps = Float64Array.from(nodes, (node) => learningRate * (rootMean + node.value));
  for (let row = 0; row < samples; row++) {
    const first = row * inputs;
    let node = 0;
    // A right child always follows its left sibling (growTree pushes them together); the sign bit
    // of bin − value picks it without a branch, which random data would mispredict half the time.
    while (splitInputs[node] >= 0) node = lefts[node] + ((bins[node] - binned[first + splitInputs[node]]) >>> 31);
    residuals[row] -= steps[node];
  }
}
