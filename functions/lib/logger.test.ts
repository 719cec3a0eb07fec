import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { Logger, logRequestContext } from './logger.ts';

function capture(level: Logger['level'] = 'INFO') {
  const lines: Record<string, unknown>[] = [];
  const log = new Logger((line) => lines.push(JSON.parse(line)));
  log.level = level;
  return { log, lines };
}

describe('logger', () => {
  it('writes one JSON line per entry with level, message, time, service and the extra fields', () => {
    const { log, lines } = capture();
    log.warn('CRM webhook failed', { status: 502 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'WARN', message: 'CRM webhook failed', service: 'creator-llc-api', status: 502 });
    expect(Date.parse(lines[0].timestamp as string)).not.toBeNaN();
  });

  it('keeps an error’s name, message, stack and cause', () => {
    const { log, lines } = capture();
    log.error('unhandled error', { error: new TypeError('bad', { cause: new Error('root') }) });
    const error = lines[0].error as Record<string, unknown>;
    expect(error).toMatchObject({ name: 'TypeError', message: 'bad', cause: { name: 'Error', message: 'root' } });
    expect(String(error.stack)).toContain('TypeError: bad');
  });

  it('drops entries below its level, and logs nothing when silent', () => {
    const { log, lines } = capture('WARN');
    log.info('ignored');
    log.debug('ignored');
    log.warn('kept');
    log.level = 'SILENT';
    log.error('ignored');
    expect(lines.map((l) => l.message)).toEqual(['kept']);
  });

  it('cannot be made to overwrite its own fields or fail on unserialisable extras', () => {
    const { log, lines } = capture();
    log.error('x', { level: 'DEBUG', message: 'forged' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    log.error('cyclic', { cyclic });
    expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'x' });
    expect(lines[1]).toMatchObject({ level: 'ERROR', message: 'cyclic', note: 'extra fields could not be serialised' });
  });

  it('tags entries with the current invocation’s request id, including errors logged on the way out', async () => {
    const { log, lines } = capture();
    const handler = middy(async (event: { fail: boolean }) => {
      if (event.fail) throw new Error('boom');
      log.info('handled');
      return 'ok';
    })
      .use({ onError: () => log.error('failed') })
      .use(logRequestContext(log));
    await handler({ fail: false }, { awsRequestId: 'req-1' } as Context);
    await expect(handler({ fail: true }, { awsRequestId: 'req-2' } as Context)).rejects.toThrow('boom');
    expect(lines.map((l) => [l.message, l.requestId])).toEqual([
      ['handled', 'req-1'],
      ['failed', 'req-2'],
    ]);
  });
});
