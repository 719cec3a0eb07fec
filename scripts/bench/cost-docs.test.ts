import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { billedAlarmMetrics } from './cost.ts';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the cost at rest', () => {
  it('is one figure: the README, docs/deploy.md and the recorded bench row agree', () => {
    const readme = /At rest a stage costs about (\d+\.\d\d) USD a month/.exec(read('README.md'))?.[1];
    const deploy = /Idle, a stage costs about (\d+\.\d\d) US dollars a month/.exec(read('docs/deploy.md'))?.[1];
    const bench = /at rest, a month \(prod\):[^|]*\|\s*\$(\d+\.\d\d)/.exec(read('docs/benchmarks.md'))?.[1];
    expect(readme).toBeDefined();
    expect(deploy).toBe(readme);
    expect(bench).toBe(readme);
  });

  it('bills an alarm per metric it reads', () => {
    expect(billedAlarmMetrics({ Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: 'Errors' } })).toBe(1);
    const math = { Metrics: [{ Expression: 'a + b' }, { MetricStat: {} }, { MetricStat: {} }] };
    expect(billedAlarmMetrics({ Type: 'AWS::CloudWatch::Alarm', Properties: math })).toBe(2);
  });
});
