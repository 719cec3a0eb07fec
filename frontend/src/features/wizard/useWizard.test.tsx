import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../lib/wizard-storage.ts';
import { AUTOSAVE_DELAY_MS, useWizard } from './useWizard.ts';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast.ts', () => ({ toast: toastMock }));

const ID = '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b';
let requests: { method: string; url: string; body: Record<string, unknown> }[] = [];
let failWith = 0;
/** Status for PATCH requests only (e.g. 404: the server no longer knows the stored id). */
let patchFailWith = 0;

beforeEach(() => {
  localStorage.clear();
  requests = [];
  failWith = 0;
  patchFailWith = 0;
  toastMock.mockReset();
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ method: String(init.method), url, body: JSON.parse(String(init.body)) });
      if (failWith) return new Response('{"error":"nope"}', { status: failWith });
      if (patchFailWith && init.method === 'PATCH') return new Response('{"error":"Application not found"}', { status: patchFailWith });
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

describe('useWizard browser storage', () => {
  it('leaves nothing saved after a visit that changed nothing, so the browser stays a new visitor', async () => {
    const { result } = renderHook(() => useWizard());
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(localStorage.getItem(STORAGE_KEYS.data)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.step)).toBeNull();
    // The first change is kept.
    act(() => result.current.update({ firstName: 'Ada' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').firstName).toBe('Ada');
  });
});

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
    expect(requests[0]).toMatchObject({ method: 'POST', url: apiUrl('POST /api/llc-applications'), body: { firstName: 'Ada', state: 'FL' } });
    expect(requests[0].body).not.toHaveProperty('completed');
    expect(localStorage.getItem(STORAGE_KEYS.applicationId)).toBe(ID);

    act(() => result.current.update({ lastName: 'Lovelace' }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(requests[1]).toMatchObject({
      method: 'PATCH',
      url: apiUrl('PATCH /api/llc-applications/{id}', { params: { id: ID } }),
      body: { firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it('a failed save shows the documented toast', async () => {
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

  it('a last name alone is enough to start autosave', async () => {
    const { result } = renderHook(() => useWizard());
    act(() => result.current.update({ lastName: 'Lovelace' }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: apiUrl('POST /api/llc-applications'), body: { lastName: 'Lovelace' } });
  });

  it('keeps the current step in browser storage under wizardCurrentStep', () => {
    const { result } = renderHook(() => useWizard());
    act(() => result.current.update({ currentStep: 3 }));
    expect(localStorage.getItem(STORAGE_KEYS.step)).toBe('3');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.data) ?? '{}').currentStep).toBe(3);
  });

  it('a stored id the server no longer knows (404) is dropped and the application re-created', async () => {
    localStorage.setItem(STORAGE_KEYS.applicationId, 'gone-application-id');
    patchFailWith = 404;
    const { result } = renderHook(() => useWizard());
    act(() => result.current.update({ firstName: 'Ada' }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PATCH /api/llc-applications/gone-application-id', 'POST /api/llc-applications']);
    expect(localStorage.getItem(STORAGE_KEYS.applicationId)).toBe(ID);
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('after settle no save is scheduled for new changes; resume brings autosave back', async () => {
    const { result } = renderHook(() => useWizard());
    await act(async () => {
      await result.current.settle();
    });
    act(() => result.current.update({ firstName: 'Ada' }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(requests).toEqual([]);
    act(() => result.current.resume());
    act(() => result.current.update({ lastName: 'Lovelace' }));
    await flush(AUTOSAVE_DELAY_MS + 100);
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('a submitted (completed) application in storage is the one shown again (back from checkout), not a fresh wizard', () => {
    localStorage.setItem(STORAGE_KEYS.data, JSON.stringify({ userId: 'user-stored-01', firstName: 'Stored', currentStep: 4, completed: true }));
    const { result } = renderHook(() => useWizard());
    expect(result.current.data).toMatchObject({ userId: 'user-stored-01', firstName: 'Stored', currentStep: 4, completed: true });
  });
});
