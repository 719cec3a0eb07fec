import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryScope } from '../../lib/QueryScope.tsx';
import FindOrderPage from './FindOrderPage.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <MemoryRouter>
      <QueryScope>
        <FindOrderPage />
      </QueryScope>
    </MemoryRouter>,
  );
}

const lookups = (fetchMock: ReturnType<typeof vi.fn>) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url === '/api/order-lookups');

describe('find my order', () => {
  it('posts the email once and answers the same sentence whatever the address', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/order-lookups'
        ? new Response(JSON.stringify({ sent: true }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await userEvent.type(screen.getByLabelText('Email'), 'ava@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me my order links' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If ava@example.com has orders or applications with us, a link to each is on its way');
    expect(lookups(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(lookups(fetchMock)[0][1].body))).toEqual({ email: 'ava@example.com' });
  });

  it("shows the server's sentence under the field it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/order-lookups'
          ? new Response(
              JSON.stringify({ error: 'Invalid request', code: 'invalid_request', details: { email: ['Email must be an address like name@example.com'] } }),
              { status: 400, headers: { 'content-type': 'application/json' } },
            )
          : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Email me my order links' }));
    expect(await screen.findByText('Email must be an address like name@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
