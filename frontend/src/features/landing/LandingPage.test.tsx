import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_PRICING } from '#shared/states.ts';
import { apiUrl } from '../../lib/api-client.ts';
import { LandingPage } from './LandingPage.tsx';

let content: unknown[] = [];

beforeEach(() => {
  content = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === apiUrl('GET /api/states')) return json(STATE_PRICING);
      if (url === apiUrl('GET /api/content')) return json(content);
      return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const item = (section: string, html: string) => ({ id: `c_${section}`, page: 'landing', section, content: html, contentType: 'html' });

describe('LandingPage', () => {
  it('renders HTML content items as sanitised HTML, not as literal tags', async () => {
    content = [
      item('hero.subtitle', 'Form your LLC <strong>today</strong><img src=x onerror="alert(1)">'),
      item('faq.a1', '<p>No. <em>Anyone</em> can start.</p>'),
    ];
    const { container } = render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    const strong = await screen.findByText('today');
    expect(strong.tagName).toBe('STRONG');
    expect((await screen.findByText('Anyone')).tagName).toBe('EM');
    await waitFor(() => expect(container.textContent).not.toContain('<strong>'));
    expect(container.textContent).not.toContain('<p>');
    expect(container.querySelector('img, [onerror]')).toBeNull();
  });

  it('shows text items as text, even when they contain angle brackets', async () => {
    content = [{ ...item('hero.title', 'Creators <3 LLCs'), contentType: 'text' }];
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Creators <3 LLCs'));
  });
});
