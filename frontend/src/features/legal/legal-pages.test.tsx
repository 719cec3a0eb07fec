import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENEWAL_GRACE_DAYS } from '#shared/compliance/renewal-charges.ts';
import { LEGAL_DOCUMENTS } from '#shared/legal/versions.ts';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import {
  ACTIVITY_RETENTION_DAYS,
  AUDIT_RETENTION_YEARS,
  MONEY_ACTIVITY_RETENTION_YEARS,
  TICKET_RETENTION_YEARS,
  UNPAID_APPLICATION_RETENTION_DAYS,
} from '#shared/retention.ts';
import { REGISTERED_AGENT_RENEWAL_USD } from '#shared/state-facts/our-prices.ts';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { resetSharedGets } from '../../lib/shared-get.ts';
import PrivacyPage from './PrivacyPage.tsx';
import RefundPolicyPage from './RefundPolicyPage.tsx';
import TermsPage from './TermsPage.tsx';

/**
 * The pages a paying customer reads, and the footer: they name the operator from its settings,
 * show a configured link only when it is configured, and never a placeholder when something is
 * unset.
 */
const SET = {
  ...EMPTY_OPERATOR_SETTINGS,
  legalName: 'Creator Filings LLC',
  address: { line1: '100 Biscayne Blvd', line2: 'Suite 4', city: 'Miami', state: 'FL', zip: '33132' },
  supportEmail: 'help@creatorfilings.example',
  supportPhone: '+1 305 555 0100',
  registeredAgentRenewalUsd: 99,
  refundTerms: 'Changed your mind before we file? We refund the whole payment.\n\nAfter we file, the state fee is the state’s.',
  liveChatUrl: 'https://chat.creatorfilings.example',
  socialLinks: { instagram: 'https://instagram.com/creatorfilings' },
  version: 3,
};
let settings: unknown;

beforeEach(() => {
  resetSharedGets();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/api/operator-settings') return Promise.resolve(new Response(JSON.stringify(settings), { status: 200 }));
      if (url === '/api/content') return Promise.resolve(new Response('[]', { status: 200 }));
      return Promise.resolve(new Response(JSON.stringify({ error: 'no fake', code: 'no_fake' }), { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show(element: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What a customer must never read: a placeholder, an unset value, "coming soon". */
function expectNoPlaceholder() {
  const text = document.body.textContent ?? '';
  expect(text).not.toMatch(/coming soon|undefined|null|\{|\[|TODO|lorem|placeholder/i);
}

describe('with the operator settings set', () => {
  beforeEach(() => {
    settings = SET;
  });

  it('the Terms name the operator and its address, its renewal price and the version in force', async () => {
    show(<TermsPage />);
    expect(await screen.findByText('Creator Filings LLC', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByTestId('operator-identity')).toHaveTextContent('CreatorLLC is run by Creator Filings LLC, 100 Biscayne Blvd, Suite 4, Miami, FL 33132');
    expect(screen.getByTestId('renewal-price')).toHaveTextContent('$99');
    // The grace period after a failed renewal charge, from the one constant the sweep reads.
    expect(screen.getByTestId('renewal-grace-days')).toHaveTextContent(String(RENEWAL_GRACE_DAYS));
    expect(screen.getByTestId('legal-version')).toHaveTextContent(`Version ${LEGAL_DOCUMENTS.terms.version}, in effect from December 2, 2026.`);
    expect(screen.getByText(/governed by the laws of Florida/)).toBeInTheDocument();
    // The annual reports filed for the customer: when it is charged and how it ends, from the constants the sweep reads.
    expect(screen.getByTestId('annual-reports-terms')).toHaveTextContent('21 days before the report is due, after emailing you 30 and 7 days before');
    expect(screen.getByTestId('annual-reports-terms')).toHaveTextContent('nothing more is charged after you cancel');
    expect(screen.getAllByRole('link', { name: 'help@creatorfilings.example' })[0]).toHaveAttribute('href', 'mailto:help@creatorfilings.example');
    expectNoPlaceholder();
  });

  it('the Refund Policy states the guarantee and the operator’s own refund terms', async () => {
    show(<RefundPolicyPage />);
    expect(await screen.findByTestId('refund-terms')).toHaveTextContent('Changed your mind before we file? We refund the whole payment.');
    expect(screen.getByText(/If we cannot file your LLC, we refund your payment in full/)).toBeInTheDocument();
    expect(screen.getByTestId('annual-reports-refunds')).toHaveTextContent('Cancelling on your order page stops every later charge');
    // What the product does: part refunds, the state fee once filing started, an email for every refund, disputes pause filing.
    expect(screen.getByText(/A refund can be part of your payment/)).toBeInTheDocument();
    expect(screen.getByText(/the state’s filing fee \(and any state expedite fee\) is paid to the state/)).toBeInTheDocument();
    expect(screen.getByText(/Every refund is emailed to you when we send it, with the amount, the reason and when to expect the money/)).toBeInTheDocument();
    expect(screen.getByText(/we pause the filing until the dispute is closed/)).toBeInTheDocument();
    // Each add-on sold after payment has its rule (docs/decisions/0424).
    expect(screen.getByTestId('purchase-refund-rules')).toHaveTextContent(
      'Operating agreement template: refunded in full until the agreement is in your vault',
    );
    expectNoPlaceholder();
  });

  it('the Privacy Policy names the processors and the retention the product enforces', async () => {
    show(<PrivacyPage />);
    expect(await screen.findByTestId('operator-identity')).toHaveTextContent('Creator Filings LLC');
    for (const processor of ['Amazon Web Services (AWS)', 'Stripe', 'Amazon SES']) expect(document.body).toHaveTextContent(processor);
    expect(document.body).toHaveTextContent(`deleted ${UNPAID_APPLICATION_RETENTION_DAYS} days after its last change`);
    expect(document.body).toHaveTextContent(`kept ${AUDIT_RETENTION_YEARS} years`);
    // Support messages and the staff activity feed expire on the periods the product enforces (docs/decisions/0413).
    expect(document.body).toHaveTextContent(`deleted ${TICKET_RETENTION_YEARS} years after the last message in it`);
    expect(document.body).toHaveTextContent(`each entry deleted ${ACTIVITY_RETENTION_DAYS} days after it was written`);
    expect(document.body).toHaveTextContent(`which our accounts are made from: kept ${MONEY_ACTIVITY_RETENTION_YEARS} years`);
    // The saved tax plan's personal financial figures: what is kept, and when it goes.
    expect(document.body).toHaveTextContent('Your tax plan (only if you save one from your order page)');
    expect(document.body).toHaveTextContent(
      'kept with your paid order until you save a new one, which replaces it, or remove it from the tax planner on your order page, and deleted with the order',
    );
    expectNoPlaceholder();
  });

  it('the footer links the legal pages, names the operator, and shows Live Chat and only the configured social profile', async () => {
    show(<SiteFooter />);
    expect(await screen.findByTestId('footer-operator')).toHaveTextContent(
      'CreatorLLC is run by Creator Filings LLC, 100 Biscayne Blvd, Suite 4, Miami, FL 33132. help@creatorfilings.example · +1 305 555 0100',
    );
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
    expect(screen.getByRole('link', { name: 'Live Chat' })).toHaveAttribute('href', 'https://chat.creatorfilings.example');
    const social = within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(social.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Instagram', 'https://instagram.com/creatorfilings']]);
    expect(screen.getByText(/© 2024 Creator Filings LLC/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('with nothing set', () => {
  beforeEach(() => {
    settings = { ...EMPTY_OPERATOR_SETTINGS, version: 0 };
  });

  it('the pages say who we are by the brand and leave out what is not set, never a placeholder', async () => {
    for (const Page of [TermsPage, PrivacyPage, RefundPolicyPage]) {
      const { unmount } = render(
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <Page />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      await screen.findAllByRole('heading', { level: 2 });
      expectNoPlaceholder();
      expect(document.body).not.toHaveTextContent('run by');
      unmount();
    }
    show(<TermsPage />);
    expect(await screen.findByTestId('operator-identity')).toHaveTextContent('CreatorLLC (“we”, “us”) is the online LLC-formation service at this website.');
    // The published price list's renewal price until the owner sets one.
    expect(screen.getByTestId('renewal-price')).toHaveTextContent(`$${REGISTERED_AGENT_RENEWAL_USD}`);
  });

  it('the footer has no Live Chat, no social icons and no operator line', async () => {
    show(<SiteFooter />);
    expect(await screen.findByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Live Chat')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Social media' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer-operator')).not.toBeInTheDocument();
    expect(screen.getByText(/© 2024 CreatorLLC/)).toBeInTheDocument();
    expectNoPlaceholder();
  });
});
