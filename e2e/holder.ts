import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * Applications made through the API, as the wizard makes them: POST answers the application's
 * resume secret, which every later call about it carries (x-resume-secret), and which a browser
 * keeps under 'applicationSecrets' (frontend/src/lib/resume-secrets.ts).
 */
const secrets = new Map<string, string>();

/** A business name no other application on this server has: a submitted name counts as taken for everyone else. */
export function uniqueBusinessName(base: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${base} ${letters[0].toUpperCase()}${letters.slice(1)} LLC`;
}

/** Creates and submits an application; returns its id (its secret is remembered for `asHolder`). */
export async function createSubmitted(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const { completed: _completed, ...draft } = data;
  const created = await request.post('/api/llc-applications', { data: draft });
  expect(created.status(), await created.text()).toBe(201);
  const { id, resumeSecret } = (await created.json()) as { id: string; resumeSecret?: string };
  if (resumeSecret) secrets.set(id, resumeSecret);
  const submitted = await request.patch(`/api/llc-applications/${id}`, { data: { ...draft, completed: true }, headers: holderHeaders(id) });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}

/** The header an API call about application `id` carries. */
export function holderHeaders(id: string): Record<string, string> {
  const secret = secrets.get(id);
  return secret ? { 'x-resume-secret': secret } : {};
}

/** Lets the page's browser open application `id`, as the browser that created it can. */
export async function asHolder(page: Page, id: string): Promise<void> {
  const secret = secrets.get(id);
  if (!secret) return;
  await page.addInitScript(
    ([appId, value]) => {
      const all = JSON.parse(localStorage.getItem('applicationSecrets') ?? '{}') as Record<string, string>;
      localStorage.setItem('applicationSecrets', JSON.stringify({ ...all, [appId]: value }));
    },
    [id, secret] as const,
  );
}
