import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The resume secrets of the applications this browser created (POST /api/llc-applications
 * answers one, once). Only a request carrying an application's secret may read or change it, so
 * they are kept across visits; they are sent in a header by the API client, never in a URL.
 */
function read(): Record<string, string> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.resumeSecrets) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberResumeSecret(applicationId: string, secret: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.resumeSecrets, JSON.stringify({ ...read(), [applicationId]: secret }));
  } catch {
    // Storage full or blocked: the application then opens only from its emailed link.
  }
}

export function resumeSecretFor(applicationId: string | undefined): string | undefined {
  return applicationId ? read()[applicationId] : undefined;
}
