/**
 * `npx tsx bench/tools/profileSummary.ts FILE.cpuprofile [top]`: where a Chrome CPU profile's time
 * went, as two lists: functions by self time, and by total time (the function and what it called,
 * counted once per sample however deep it recurses). Enough to read a bench's profile without
 * DevTools; names are `function file:line`.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profileSummary.ts FILE.cpuprofile [top]');
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  all += ms;
  const leaf = byId.get(id)!;
  self.set(name(leaf), (self.get(name(leaf)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const k = name(byId.get(at)!);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + ms);
  }
});
const list = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${k}`)
    .join('\n');
console.log(`${file}: ${all.toFixed(0)} ms sampled\n\nself time:\n${list(self)}\n\ntotal time:\n${list(total)}`);
