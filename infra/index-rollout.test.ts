import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SynthesisedProduct, synthProduct } from './test-support.ts';

/**
 * DynamoDB adds one secondary index per table update; a stage gaining two on one table deploys
 * twice, the first time without one of them (docs/deploy.md, "one new index per deploy").
 */
const indexesOf = (p: SynthesisedProduct, tableName: string) => {
  const tables = p.templates.data.findResources('AWS::DynamoDB::Table');
  const table = Object.values(tables).find((t) => (t as { Properties: { TableName: string } }).Properties.TableName === tableName) as {
    Properties: { GlobalSecondaryIndexes?: { IndexName: string }[] };
  };
  return (table.Properties.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort();
};

let full: SynthesisedProduct;
let staged: SynthesisedProduct;
beforeAll(() => {
  full = synthProduct({ stage: 'dev' });
  staged = synthProduct({ stage: 'dev', withoutIndexes: 'applications.byQueue' });
});
afterAll(() => {
  full?.cleanup();
  staged?.cleanup();
});

describe('withoutIndexes', () => {
  it('leaves out only the named index of the named table', () => {
    const all = indexesOf(full, 'creator-llc-dev-applications');
    expect(all).toContain('byQueue');
    expect(indexesOf(staged, 'creator-llc-dev-applications')).toEqual(all.filter((n) => n !== 'byQueue'));
    // The outbox's own byQueue index stays.
    expect(indexesOf(staged, 'creator-llc-dev-outbox')).toEqual(indexesOf(full, 'creator-llc-dev-outbox'));
    expect(indexesOf(staged, 'creator-llc-dev-outbox')).toContain('byQueue');
  });
});
