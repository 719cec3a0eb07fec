import { DomainError } from '../../functions/lib/errors.ts';

/** Who staff changes are made by in data tests (the audit trail names them). */
export const STAFF_ACTOR = { id: 'test-staff', email: 'staff@example.com', role: 'processor' as const };

/** The domain error a call rejects with (status, code and extras), or undefined when it resolves; any other error is rethrown. */
export async function refusal(call: Promise<unknown>): Promise<Pick<DomainError, 'status' | 'code' | 'extras'> | undefined> {
  try {
    await call;
    return undefined;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { status: err.status, code: err.code, extras: err.extras };
  }
}
