import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS } from '../functions/tables.ts';
import { BACKUP_HOUR_UTC, BACKUP_RETENTION_DAYS, backupCopyStackName, copyVaultName } from './backups.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT, parseStageConfig, tableName } from './stage-config.ts';
import { type SynthesisedProduct, synthProduct, type TemplateResource } from './test-support.ts';

/** The daily AWS Backup of every table, with its copy in a second region when the config names one. */
let dev: SynthesisedProduct;
let prod: SynthesisedProduct;
beforeAll(() => {
  dev = synthProduct({ stage: 'dev' });
  prod = synthProduct({ stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT, backupCopyRegion: 'us-west-2' });
}, 300_000);
afterAll(() => {
  dev?.cleanup();
  prod?.cleanup();
});

const one = (product: SynthesisedProduct, type: string) => {
  const found = Object.values(product.templates.operations.findResources(type)) as TemplateResource[];
  expect(found, type).toHaveLength(1);
  return found[0];
};

describe('table backups', () => {
  it('backs up every table of the stage daily, kept 35 days on prod, and copies each backup to the second region', () => {
    const plan = one(prod, 'AWS::Backup::BackupPlan').Properties.BackupPlan;
    expect(plan.BackupPlanRule).toHaveLength(1);
    const rule = plan.BackupPlanRule[0];
    expect(rule).toMatchObject({ ScheduleExpression: `cron(0 ${BACKUP_HOUR_UTC} * * ? *)`, Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS.prod } });
    expect(rule.CopyActions).toHaveLength(1);
    expect(rule.CopyActions[0].Lifecycle).toEqual({ DeleteAfterDays: BACKUP_RETENTION_DAYS.prod });
    const destination = JSON.stringify(rule.CopyActions[0].DestinationBackupVaultArn);
    expect(destination).toContain(':backup:us-west-2:');
    expect(destination).toContain(`backup-vault:${copyVaultName('prod')}`);

    const selection = one(prod, 'AWS::Backup::BackupSelection').Properties.BackupSelection;
    const resources = JSON.stringify(selection.Resources);
    for (const key of TABLE_KEYS) expect(resources, key).toContain(`:table/${tableName('prod', key)}"`);
    expect(selection.Resources).toHaveLength(TABLE_KEYS.length);
    expect(one(prod, 'AWS::Backup::BackupVault').DeletionPolicy).toBe('Retain');
  });

  it('creates the copy vault in its own stack in that region, deployed before the plan that copies into it', () => {
    const copy = prod.stacks.backupCopy;
    expect(copy?.stackName).toBe(backupCopyStackName({ stage: 'prod' }));
    expect(copy?.region).toBe('us-west-2');
    const vaults = Object.values(prod.templates.backupCopy?.findResources('AWS::Backup::BackupVault') ?? {}) as TemplateResource[];
    expect(vaults.map((v) => [v.Properties.BackupVaultName, v.DeletionPolicy])).toEqual([[copyVaultName('prod'), 'Retain']]);
    expect(prod.stacks.operations.dependencies).toContain(copy);
  });

  it('keeps the backups in the stage region only when no copy region is configured (dev here)', () => {
    const rule = one(dev, 'AWS::Backup::BackupPlan').Properties.BackupPlan.BackupPlanRule[0];
    expect(rule.CopyActions).toBeUndefined();
    expect(rule.Lifecycle).toEqual({ DeleteAfterDays: BACKUP_RETENTION_DAYS.dev });
    expect(dev.stacks.backupCopy).toBeUndefined();
  });

  it('refuses a copy region that is the stage region or not a region', () => {
    expect(() => parseStageConfig({ stage: 'dev', backupCopyRegion: 'us-east-1' })).toThrow('backupCopyRegion: must be another region than us-east-1');
    expect(() => parseStageConfig({ stage: 'dev', backupCopyRegion: 'west' })).toThrow('backupCopyRegion: must be an AWS region such as us-west-2');
  });
});
