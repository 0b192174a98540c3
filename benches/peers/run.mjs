// Times THREE.Terrain's DiamondSquare and Fault (npm: @repcomm/three.terrain 1.6.0) beside this
// project's wasm build of the same algorithms (plain and simd128) and the native build, in one
// node run, and prints the ratios. Run through run.sh, which builds what this file loads.
//
// Like for like:
// - Diamond-Square: THREE.Terrain rounds its grid up to a power of two plus one, so it gets
//   widthSegments = heightSegments = 2^n - 1 and computes a (2^n + 1)^2 heightmap, the same
//   map ours computes (it then copies 2^n x 2^n of it into the vertices; ours copies all of it
//   into a Float32Array the caller owns).
// - Faults: the same number of straight faults on the same grid. THREE.Terrain runs
//   sqrt(w^2 + h^2) * frequency faults, so frequency is set to give FAULTS. Its faults visit every
//   vertex and smooth a narrow band with a cosine; ours are sharp and swept row by row.
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Vector3 } from 'three/build/three.module.js';
import { DiamondSquare, Fault } from '@repcomm/three.terrain/lib/generators.js';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const outDir = args[args.indexOf('--out') + 1];
const EXPONENTS = smoke ? [5] : [9, 10, 11];
const FAULTS = 100;
const EROSION = 'Erosion (100 000 droplets on Diamond-Square)';
const BUDGET_MS = smoke ? 0 : 1000;
// Generation-only wasm / native ratios are taken in this many paired rounds per size (native,
// then wasm, then native again, ...), and the table gives their median and range: the shared
// machine's speed drifts by tens of percent within minutes, and a ratio of two timings taken
// seconds apart is only as steady as that drift.
const ROUNDS = smoke ? 1 : Number(process.env.ROUNDS ?? 5);

const require = createRequire(import.meta.url);
const builds = {
  wasm: require(join(outDir, 'wasm', 'terrain_peers.js')),
  simd128: require(join(outDir, 'wasm-simd128', 'terrain_peers.js')),
};

/** Median time in ms of `run` after one warm-up call, over at least 3 calls filling BUDGET_MS. */
function median(run) {
  run();
  const times = [];
  const start = performance.now();
  while (times.length < (smoke ? 1 : 3) || performance.now() - start < BUDGET_MS) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

function vertices(count) {
  return Array.from({ length: count }, () => new Vector3());
}

/** Fails loudly if a generator did not produce a varied map (so no-op timings cannot pass). */
function check(label, values) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) throw new Error(`${label}: non-finite height`);
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!(hi > lo)) throw new Error(`${label}: flat map`);
}

// The native figures of one size, timed right before that size's wasm figures: the shared
// build machine's speed drifts over minutes, so timing all native sizes first and all wasm sizes
// afterwards could put a busy spell on one side of the ratio only.
const native = new Map();
function timeNative(exponent) {
  execFileSync(join(outDir, '..', process.env.PEERS_PROFILE ?? 'release', 'terrain-peers-native'), [String(exponent), '--faults', String(FAULTS)])
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .forEach((r) => native.set(`${r.case} ${r.side}`, r.ms));
}

const rows = [];
const generation = [];
const paired = [];
for (const exponent of EXPONENTS) {
  const side = 2 ** exponent + 1;
  timeNative(exponent);
  const out = new Float32Array(side * side);
  const options = { maxHeight: 100, minHeight: -100 };

  // Diamond-Square.
  const dsSegments = 2 ** exponent - 1;
  const dsVertices = vertices((dsSegments + 1) ** 2);
  const three = median(() =>
    DiamondSquare(dsVertices, { ...options, widthSegments: dsSegments, heightSegments: dsSegments }),
  );
  check('THREE.Terrain DiamondSquare', dsVertices.map((v) => v.z));
  const ours = {};
  for (const [name, build] of Object.entries(builds)) {
    ours[name] = median(() => build.diamond_square(exponent, 1, out));
    check(`ours ${name} diamond-square`, out);
  }
  rows.push({ algorithm: 'Diamond-Square', side, three, ...ours, native: native.get(`diamond-square ${side}`) });
  const generateOnly = { algorithm: 'Diamond-Square', side, native: native.get(`diamond-square generate ${side}`) };
  for (const [name, build] of Object.entries(builds)) {
    generateOnly[name] = median(() => build.diamond_square_height(exponent, 1));
  }
  generation.push(generateOnly);

  // Midpoint displacement: THREE.Terrain has none, so only wasm against native.
  const midpointOnly = { algorithm: 'Midpoint displacement', side, native: native.get(`midpoint generate ${side}`) };
  for (const [name, build] of Object.entries(builds)) {
    midpointOnly[name] = median(() => build.midpoint_height(exponent, 1));
  }
  generation.push(midpointOnly);

  // Faults.
  const segments = side - 1;
  const faultVertices = vertices(side * side);
  const diagonal = Math.sqrt(2 * segments * segments);
  const faultOptions = {
    ...options,
    widthSegments: segments,
    heightSegments: segments,
    width: segments,
    height: segments,
    frequency: FAULTS / diagonal,
  };
  const threeFaults = median(() => Fault(faultVertices, faultOptions));
  check('THREE.Terrain Fault', faultVertices.map((v) => v.z));
  const oursFaults = {};
  for (const [name, build] of Object.entries(builds)) {
    oursFaults[name] = median(() => build.faults(side, FAULTS, 1, out));
    check(`ours ${name} faults`, out);
  }
  rows.push({
    algorithm: `Faults (${FAULTS} lines)`,
    side,
    three: threeFaults,
    ...oursFaults,
    native: native.get(`faults ${side}`),
  });
  const faultsOnly = { algorithm: `Faults (${FAULTS} lines)`, side, native: native.get(`faults generate ${side}`) };
  for (const [name, build] of Object.entries(builds)) {
    faultsOnly[name] = median(() => build.faults_height(side, FAULTS, 1));
  }
  generation.push(faultsOnly);

  // Erosion (100 000 droplets on the Diamond-Square map): THREE.Terrain has none.
  const erosionOnly = { algorithm: EROSION, side, native: native.get(`erosion generate ${side}`) };
  for (const [name, build] of Object.entries(builds)) {
    erosionOnly[name] = median(() => build.eroded_height(exponent, 1));
  }
  generation.push(erosionOnly);

  // Paired rounds: native right before wasm, ROUNDS times.
  const cases = [
    ['Diamond-Square', 'diamond-square generate', () => builds.simd128.diamond_square_height(exponent, 1)],
    ['Midpoint displacement', 'midpoint generate', () => builds.simd128.midpoint_height(exponent, 1)],
    [`Faults (${FAULTS} lines)`, 'faults generate', () => builds.simd128.faults_height(side, FAULTS, 1)],
    [EROSION, 'erosion generate', () => builds.simd128.eroded_height(exponent, 1)],
  ];
  const ratios = cases.map(() => []);
  // Each build's fastest round: load on the shared machine only ever adds time, so the fastest
  // rounds are the two builds' nearest to undisturbed.
  const fastest = cases.map(() => ({ wasm: Infinity, native: Infinity }));
  for (let round = 0; round < ROUNDS; round++) {
    timeNative(exponent);
    cases.forEach(([, key, run], k) => {
      const [wasm, nat] = [median(run), native.get(`${key} ${side}`)];
      ratios[k].push(wasm / nat);
      fastest[k].wasm = Math.min(fastest[k].wasm, wasm);
      fastest[k].native = Math.min(fastest[k].native, nat);
    });
  }
  cases.forEach(([algorithm], k) => {
    const sorted = ratios[k].toSorted((a, b) => a - b);
    paired.push({
      algorithm,
      side,
      median: sorted[Math.floor(sorted.length / 2)],
      low: sorted[0],
      high: sorted.at(-1),
      fastest: fastest[k].wasm / fastest[k].native,
    });
  });
}

const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toPrecision(3));
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
const lines = [
  `Peers, one node ${process.version} run (${smoke ? 'smoke: one call each' : 'median of >= 3 calls filling 1 s'}).`,
  '',
  'Ours in wasm is the build the page ships (simd128); "no simd" is the same code built without it.',
  '',
  '| algorithm | size | THREE.Terrain ms | ours wasm ms | ours wasm, no simd ms | ours native ms | THREE / ours wasm | THREE / no simd | ours wasm / native |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.algorithm} | ${r.side}² | ${ms(r.three)} | ${ms(r.simd128)} | ${ms(r.wasm)} | ${ms(r.native)} | ` +
      `${ratio(r.three, r.simd128)} | ${ratio(r.three, r.wasm)} | ${ratio(r.simd128, r.native)} |`,
  ),
  '',
  'Generation only (the map stays inside; no copy out to JavaScript): wasm against native.',
  '',
  '| algorithm | size | ours wasm ms | no simd ms | native ms | ours wasm / native | no simd / native |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...generation.map(
    (r) =>
      `| ${r.algorithm} | ${r.side}² | ${ms(r.simd128)} | ${ms(r.wasm)} | ${ms(r.native)} | ` +
      `${ratio(r.simd128, r.native)} | ${ratio(r.wasm, r.native)} |`,
  ),
  '',
  `Generation only, paired: ${ROUNDS} rounds per size, each timing the native build right before the wasm (simd128) build; the median and the range of the rounds' wasm / native ratios, and the fastest wasm round over the fastest native round.`,
  '',
  '| algorithm | size | wasm / native, median | lowest | highest | fastest / fastest |',
  '|---|---|---:|---:|---:|---:|',
  ...paired
    .toSorted((a, b) => a.algorithm.localeCompare(b.algorithm) || a.side - b.side)
    .map(
      (r) =>
        `| ${r.algorithm} | ${r.side}² | ${r.median.toFixed(2)}x | ${r.low.toFixed(2)}x | ${r.high.toFixed(2)}x | ` +
        `${r.fastest.toFixed(2)}x |`,
    ),
];
console.log(lines.join('\n'));
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, smoke ? 'smoke.md' : 'summary.md'), `${lines.join('\n')}\n`);
const behind = rows.filter((r) => !(r.three > r.simd128 && r.three > r.wasm));
if (behind.length > 0) {
  console.log(`\nTHREE.Terrain is ahead in: ${behind.map((r) => `${r.algorithm} ${r.side}²`).join(', ')}`);
}
