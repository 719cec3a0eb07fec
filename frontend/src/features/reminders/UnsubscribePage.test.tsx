import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  it("posts the link's token only when the button is pressed, says how to turn reminders back on, and clears the token from the address bar", async () => {
    const fetchMock = vi.fn(
      async (url: string) =>
        new Response(url === '/api/reminders/unsubscribe' ? JSON.stringify({ unsubscribed: true }) : '[]', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`#token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Turn off deadline reminders' });
    // Opening the page (as a mail scanner does) unsubscribes nobody.
    expect((fetchMock.mock.calls as unknown as [string][]).some(([url]) => url === '/api/reminders/unsubscribe')).toBe(false);
    expect(window.location.hash).toBe('');
    await userEvent.setup().click(button);
    expect(await screen.findByText(/You are unsubscribed/)).toBeInTheDocument();
    expect(screen.getByText(/Turn deadline reminders back on/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Find My Order' })).toHaveAttribute('href', '/find-order');
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
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn off deadline reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not turn the reminders off: This unsubscribe link is not valid');
  });
});
