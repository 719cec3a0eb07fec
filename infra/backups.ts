import { Aws, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupSelection, BackupVault } from 'aws-cdk-lib/aws-backup';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../functions/tables.ts';
import { acknowledge } from './nag.ts';
import { type StageConfig, stackPrefix, tableName } from './stage-config.ts';

/** How long a daily backup (and its copy) is kept, per stage. */
export const BACKUP_RETENTION_DAYS = { dev: 7, prod: 35 } as const;
/** The daily backup's hour (UTC): after the reminder and renewal sweeps, at the quietest time in the US. */
export const BACKUP_HOUR_UTC = 8;

/** The vault that holds the stage's backups in us-east-1, and the copies in backupCopyRegion. */
export const backupVaultName = (stage: StageConfig['stage']) => `creator-llc-${stage}`;
export const copyVaultName = (stage: StageConfig['stage']) => `creator-llc-${stage}-copy`;

export interface BackupCopyStackProps extends StackProps {
  config: StageConfig;
}

/** The copy vault, in backupCopyRegion: its own stack, since a stack lives in one region. */
export class BackupCopyStack extends Stack {
  readonly vault: BackupVault;
  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    this.vault = new BackupVault(this, 'CopyVault', {
      backupVaultName: copyVaultName(props.config.stage),
      removalPolicy: props.config.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}

/** `CreatorLlc-<stage>-BackupCopy`, when the config names a copy region. */
export const backupCopyStackName = (config: Pick<StageConfig, 'stage'>) => `${stackPrefix(config)}-BackupCopy`;

/**
 * AWS Backup for every table of the stage: a daily backup kept BACKUP_RETENTION_DAYS in the
 * stage's vault and, with backupCopyRegion, copied to the vault of that region for as long.
 * Point-in-time recovery (35 days, per second) stays the first way back (npm run restore); these
 * are the copies that survive the table, the account's region, or a mistaken restore.
 */
export class TableBackups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    const { config } = props;
    const prod = config.stage === 'prod';
    const keep = Duration.days(BACKUP_RETENTION_DAYS[config.stage]);
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: backupVaultName(config.stage),
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const copyTo = config.backupCopyRegion
      ? BackupVault.fromBackupVaultArn(
          this,
          'CopyVault',
          `arn:${Aws.PARTITION}:backup:${config.backupCopyRegion}:${Aws.ACCOUNT_ID}:backup-vault:${copyVaultName(config.stage)}`,
        )
      : undefined;
    this.plan = new BackupPlan(this, 'Plan', { backupPlanName: `creator-llc-${config.stage}-tables`, backupVault: this.vault });
    this.plan.addRule(
      new BackupPlanRule({
        ruleName: 'Daily',
        scheduleExpression: Schedule.cron({ minute: '0', hour: String(BACKUP_HOUR_UTC) }),
        deleteAfter: keep,
        copyActions: copyTo ? [{ destinationBackupVault: copyTo, deleteAfter: keep }] : undefined,
      }),
    );
    const selection = new BackupSelection(this, 'Tables', {
      backupPlan: this.plan,
      resources: TABLE_KEYS.map((key) =>
        BackupResource.fromArn(`arn:${Aws.PARTITION}:dynamodb:${Aws.REGION}:${Aws.ACCOUNT_ID}:table/${tableName(config.stage, key)}`),
      ),
    });
    acknowledge(
      selection,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      "AWSBackupServiceRolePolicyForBackup is AWS Backup's own managed policy for taking backups; the selection limits it to the stage's tables.",
    );
  }
}
