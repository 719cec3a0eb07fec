import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UnsubscribePage from './UnsubscribePage.tsx';

const TOKEN = `0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0b.${'a'.repeat(43)}`;

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderAt(hash: string) {
  window.history.replaceState(null, '', `/reminders/unsubscribe${hash}`);
  render(
    <MemoryRouter>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

describe('the reminders unsubscribe page', () => {
  it("posts the link's token once, says the reminders are off, and clears the token from the address bar", async () => {
    const fetchMock = vi.fn(
      async (url: string) =>
        new Response(url === '/api/reminders/unsubscribe' ? JSON.stringify({ unsubscribed: true }) : '[]', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByText(/You are unsubscribed/)).toBeInTheDocument();
    // (The header and footer read the site texts too.)
    const posts = (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url === '/api/reminders/unsubscribe');
    expect(posts).toHaveLength(1);
    expect(posts[0][1].method).toBe('POST');
    expect(JSON.parse(String(posts[0][1].body))).toEqual({ token: TOKEN });
    expect(window.location.hash).toBe('');
  });

  it('sends nothing for a link without a valid token', async () => {
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('#token=nope');
    expect(await screen.findByText(/This unsubscribe link is not complete/)).toBeInTheDocument();
    expect((fetchMock.mock.calls as unknown as [string][]).some(([url]) => url === '/api/reminders/unsubscribe')).toBe(false);
  });

  it("shows the server's sentence when it refuses", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/reminders/unsubscribe'
          ? new Response(JSON.stringify({ error: 'This unsubscribe link is not valid', code: 'invalid_unsubscribe_link' }), { status: 400 })
          : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not turn the reminders off: This unsubscribe link is not valid');
  });
});
