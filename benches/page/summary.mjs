// Prints the figures BENCHMARKS.md records from one Lighthouse JSON report.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const audit = (id) => report.audits[id];
const categories = Object.fromEntries(
  Object.entries(report.categories).map(([id, c]) => [id, c.score]),
);
const longTasks = audit('long-tasks')?.details?.items ?? [];
const figures = {
  performance: categories.performance,
  accessibility: categories.accessibility,
  'best-practices': categories['best-practices'],
  seo: categories.seo,
  'largest contentful paint (ms)': Math.round(audit('largest-contentful-paint').numericValue),
  'total blocking time (ms)': Math.round(audit('total-blocking-time').numericValue),
  'first contentful paint (ms)': Math.round(audit('first-contentful-paint').numericValue),
  'longest task Lighthouse saw (ms, 4x slowdown)': Math.round(
    Math.max(0, ...longTasks.map((t) => t.duration)),
  ),
};
for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
console.log(
  `  targets: performance >= 0.95 ${figures.performance >= 0.95 ? 'met' : 'MISSED'}, ` +
    `LCP <= 2500 ms ${figures['largest contentful paint (ms)'] <= 2500 ? 'met' : 'MISSED'}, ` +
    `TBT <= 200 ms ${figures['total blocking time (ms)'] <= 200 ? 'met' : 'MISSED'}`,
);
