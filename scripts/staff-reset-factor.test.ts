import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../functions/data/audit.ts';
import { readPerson } from '../functions/data/staff-accounts.ts';
import { ddb, tableName } from '../functions/lib/clients/dynamodb.ts';
import { UpdateCommand } from '../functions/lib/clients/dynamodb-sdk.ts';
import { resetConfigForTests } from '../functions/lib/config.ts';
import { hashPassword } from '../functions/lib/password.ts';
import { staffSessionFor } from '../functions/lib/sessions.ts';
import { newRecoveryCodes } from '../functions/staff/recovery-codes.ts';
import { signIn } from '../functions/staff/sign-in.ts';
import { signedInPerson } from '../tests/fakes/staff.ts';
import { main, parseResetArgs, resetEnvironment } from './staff-reset-factor.ts';

/**
 * The operator's break-glass against DynamoDB Local: a locked-out owner (app, recovery codes and
 * sessions) is reset from the command line, audited under the operator, and can sign in again
 * with the password, enrolling a new app where one is required.
 */
const endpoint = () => process.env.DYNAMODB_ENDPOINT as string;
const prefix = () => process.env.TEST_TABLE_PREFIX as string;

async function lockedOutOwner(email: string) {
  const owner = await signedInPerson({
    role: 'owner',
    email,
    passwordHash: await hashPassword('owner password 99'),
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  });
  await ddb().send(
    new UpdateCommand({
      TableName: tableName('staff'),
      Key: { pk: 'PEOPLE', sk: owner.person.id },
      UpdateExpression: 'SET recoveryCodes = :codes',
      ExpressionAttributeValues: { ':codes': newRecoveryCodes().stored },
    }),
  );
  return owner;
}

describe('npm run staff:reset-factor', () => {
  it('resets an owner’s app and recovery codes, ends their sessions, audits the operator; the password then signs in and enrols a new app', async () => {
    const owner = await lockedOutOwner('break-glass@creator-llc.example');
    const message = await main([
      '--stage',
      'local',
      '--endpoint',
      endpoint(),
      '--table-prefix',
      prefix(),
      '--email',
      'Break-Glass@creator-llc.example',
      '--reason',
      'lost phone and recovery codes',
      '--operator',
      'ops-olive',
    ]);
    expect(message).toContain('Reset the second factor of break-glass@creator-llc.example on local; ended 1 session(s).');
    const after = await readPerson(owner.person.id);
    expect(after?.totp).toBeUndefined();
    expect(after?.recoveryCodes).toBeUndefined();
    expect(after?.passwordHash).toBe(owner.person.passwordHash);
    expect(await staffSessionFor(owner.token)).toBeUndefined();
    const entries = (await listAudit({ action: 'second_factor_reset_by_operator' })).items.filter((e) => e.subject === 'break-glass@creator-llc.example');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: 'operator',
      actorEmail: 'operator:ops-olive',
      before: { totp: true, recoveryCodesLeft: 10, sessions: 1 },
      after: { totp: false, reason: 'lost phone and recovery codes' },
    });
    // Where a factor is required, the password now leads to enrolling a new app.
    process.env.STAFF_SECOND_FACTOR = 'required';
    resetConfigForTests();
    expect((await signIn('break-glass@creator-llc.example', 'owner password 99', '192.0.2.10', 'vitest')).status).toBe('enrol');
  });

  it('runs as the npm script, as an operator would', async () => {
    const owner = await lockedOutOwner('cli-owner@creator-llc.example');
    const { stdout } = await promisify(execFile)(
      'npm',
      [
        'run',
        '--silent',
        'staff:reset-factor',
        '--',
        '--stage',
        'local',
        '--endpoint',
        endpoint(),
        '--table-prefix',
        prefix(),
        '--email',
        'cli-owner@creator-llc.example',
        '--reason',
        'phone stolen',
      ],
      { env: { ...process.env, USER: 'ops-sam' }, timeout: 120_000 },
    );
    expect(stdout).toContain('Reset the second factor of cli-owner@creator-llc.example on local');
    expect((await readPerson(owner.person.id))?.totp).toBeUndefined();
    const entry = (await listAudit({ action: 'second_factor_reset_by_operator' })).items.find((e) => e.subject === 'cli-owner@creator-llc.example');
    expect(entry?.actorEmail).toBe('operator:ops-sam');
  }, 150_000);

  it('refuses a person who is not an owner, and an address nobody has, changing nothing', async () => {
    const processor = await signedInPerson({ role: 'processor', email: 'not-owner@creator-llc.example', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ' });
    const base = ['--stage', 'local', '--endpoint', endpoint(), '--table-prefix', prefix(), '--reason', 'test', '--operator', 'ops'];
    await expect(main([...base, '--email', 'not-owner@creator-llc.example'])).rejects.toThrow(/is not an owner/);
    expect((await readPerson(processor.person.id))?.totp).toBeDefined();
    await expect(main([...base, '--email', 'nobody@creator-llc.example'])).rejects.toThrow(/No active staff member/);
  });

  it('checks its arguments and names the stage’s tables', () => {
    expect(() => parseResetArgs(['--stage', 'staging', '--email', 'a@b.example', '--reason', 'x'])).toThrow(/--stage must be prod, dev or local/);
    expect(() => parseResetArgs(['--stage', 'prod', '--email', 'a@b.example'])).toThrow(/--reason is required/);
    expect(() => parseResetArgs(['--stage', 'local', '--email', 'a@b.example', '--reason', 'x'], {})).toThrow(/needs --endpoint/);
    expect(() => parseResetArgs(['--stage', 'prod', '--email', 'a@b.example', '--reason', 'x', '--endpoint', 'http://x'])).toThrow(/local only/);
    const prod = parseResetArgs(['--stage', 'prod', '--email', 'Owner@Example.com', '--reason', 'lost', '--operator', 'ops'], {});
    expect(prod).toMatchObject({ stage: 'prod', email: 'owner@example.com', operator: 'ops' });
    expect(resetEnvironment(prod, {})).toMatchObject({ STAFF_TABLE: 'creator-llc-prod-staff', AWS_REGION: 'us-east-1', DEPLOYMENT: 'aws' });
    expect(resetEnvironment(prod, {}).DYNAMODB_ENDPOINT).toBeUndefined();
  });
});
