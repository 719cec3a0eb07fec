import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, useWizard } from './useWizard.ts';
import { STORAGE_KEYS } from './wizard-storage.ts';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast.ts', () => ({ toast: toastMock }));

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
let requests: { method: string; url: string; body: Record<string, unknown> }[] = [];
let failWith = 0;

beforeEach(() => {
  localStorage.clear();
  requests = [];
  failWith = 0;
  toastMock.mockReset();
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ method: String(init.method), url, body: JSON.parse(String(init.body)) });
      if (failWith) return new Response('{"error":"nope"}', { status: failWith });
      return new Response(init.method === 'POST' ? JSON.stringify({ id: ID }) : '{}', { status: init.method === 'POST' ? 201 : 200 });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('useWizard autosave', () => {
  it('does not save before a name or email is given', async () => {
    const { result } = renderHook(() => useWizard());
    act(() => result.current.update({ phone: '555', contentTypes: ['food'] }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(requests).toEqual([]);
    // ...but keeps the data in browser storage.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').phone).toBe('555');
  });

  it('saves 2 s after the last change: POST first (keeping the id), PATCH afterwards', async () => {
    const { result } = renderHook(() => useWizard());
    act(() => result.current.update({ firstName: 'A' }));
    await flush(1000);
    act(() => result.current.update({ firstName: 'Ada' }));
    await flush(AUTOSAVE_DELAY_MS - 100);
    expect(requests).toEqual([]);
    await flush(200);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/llc-applications', body: { firstName: 'Ada', state: 'FL' } });
    expect(requests[0].body).not.toHaveProperty('completed');
    expect(localStorage.getItem(STORAGE_KEYS.applicationId)).toBe(ID);

    act(() => result.current.update({ lastName: 'Lovelace' }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(requests[1]).toMatchObject({ method: 'PATCH', url: `/api/llc-applications/${ID}`, body: { firstName: 'Ada', lastName: 'Lovelace' } });
  });

  it('a failed save shows the SPEC toast', async () => {
    failWith = 500;
    const { result } = renderHook(() => useWizard());
    act(() => result.current.update({ email: 'a@b.co' }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(toastMock).toHaveBeenCalledWith('Error', 'Failed to save your application. Please try again.', 'error');
  });

  it('resumes from browser storage', () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ userId: 'user-stored-01', firstName: 'Stored', currentStep: 3 }));
    const { result } = renderHook(() => useWizard());
    expect(result.current.data).toMatchObject({ userId: 'user-stored-01', firstName: 'Stored', currentStep: 3, state: 'FL' });
  });
});
