import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliver, resetEmailTransportForTests } from './transport.ts';

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, writeFileSync: vi.fn(actual.writeFileSync), renameSync: vi.fn(actual.renameSync) };
});

let mailDir: string;
const KEYS = ['EMAIL_TRANSPORT', 'EMAIL_FROM', 'MAIL_DIR', 'SMTP_PORT'] as const;
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
beforeAll(() => {
  mailDir = mkdtempSync(join(tmpdir(), 'creator-llc-transport-'));
  // Local delivery with no mail catcher: the message is only written to the folder.
  Object.assign(process.env, { EMAIL_TRANSPORT: 'smtp', EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>', MAIL_DIR: mailDir });
  delete process.env.SMTP_PORT;
  resetEmailTransportForTests();
});
afterAll(() => {
  rmSync(mailDir, { recursive: true, force: true });
  // Each variable back as it was (set or unset), on the same process.env.
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEmailTransportForTests();
});

const invite = (body: string) => ({
  messageId: 'invite:7f1c',
  to: 'riley@example.com',
  subject: 'You are invited',
  text: body,
  html: `<p>${body}</p>`,
});

describe('the local mail folder', () => {
  it('never holds a message half written: each is written beside its name, then renamed onto it', async () => {
    const file = join(mailDir, 'invite:7f1c.eml');
    await deliver(invite('Open https://creator.example/staff/accept#invite=first.token'));
    // Sent again (a retry): the file is replaced the same way, never truncated in place.
    await deliver(invite('Open https://creator.example/staff/accept#invite=second.token'));

    const written = vi.mocked(fs.writeFileSync).mock.calls.map(([path]) => String(path));
    expect(written).toHaveLength(2);
    expect(written).not.toContain(file);
    for (const path of written) expect(path.startsWith(join(mailDir, '.'))).toBe(true);
    expect(vi.mocked(fs.renameSync).mock.calls.map(([from, to]) => [String(from), String(to)])).toEqual(written.map((path) => [path, file]));

    expect(readdirSync(mailDir)).toEqual(['invite:7f1c.eml']);
    expect(readFileSync(file, 'utf8')).toContain('#invite=second.token');
  });
});
