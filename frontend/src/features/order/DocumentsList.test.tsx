import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderMail } from '#shared/mail/mail.schema.ts';
import { MAIL_KIND_MEANING, SOLICITATION_WHY } from '#shared/mail/mail.ts';
import type { OrderDocument } from '#shared/orders/view.schema.ts';
import { DocumentsList } from './DocumentsList.tsx';

const ID = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
const scan = (id: string, title: string): OrderDocument => ({ id, kind: 'mail_scan', title, createdAt: '2026-12-01T15:00:00.000Z', origin: 'uploaded' });
const articles: OrderDocument = {
  id: 'a1',
  kind: 'approved_articles',
  title: 'Approved formation document',
  createdAt: '2026-11-20T15:00:00.000Z',
  origin: 'uploaded',
};

const mail: OrderMail[] = [
  {
    id: 'm2',
    sender: 'Superior Court, Laramie County',
    receivedOn: '2026-12-01',
    kind: 'service_of_process',
    answerDeadline: '2026-12-22',
    documentId: 's2',
    loggedAt: '2026-12-01T15:00:00.000Z',
    label: 'Service of process',
    meaning: MAIL_KIND_MEANING.service_of_process,
  },
  {
    id: 'm1',
    sender: 'Business Compliance Records Office',
    receivedOn: '2026-11-28',
    kind: 'solicitation',
    documentId: 's1',
    loggedAt: '2026-11-30T15:00:00.000Z',
    label: 'Likely solicitation',
    meaning: SOLICITATION_WHY,
  },
];

describe('DocumentsList: the vault and its Mail', () => {
  it('lists the mail under Mail, newest first as the server orders it, each with its scan; the scans are not among the documents', () => {
    render(<DocumentsList orderId={ID} documents={[scan('s2', 'Service of process'), scan('s1', 'Likely solicitation'), articles]} mail={mail} />);
    const documents = within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('listitem');
    expect(documents).toHaveLength(1);
    expect(documents[0]).toHaveTextContent('Approved formation document');

    expect(screen.getByRole('heading', { name: 'Mail' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Mail' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Urgent');
    expect(rows[0]).toHaveTextContent('answer due December 22, 2026');
    expect(rows[0]).toHaveTextContent('Received December 1, 2026');
    expect(within(rows[0]!).getByRole('button', { name: 'Download the scan from Superior Court, Laramie County' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Likely solicitation');
    expect(rows[1]).toHaveTextContent('looks like an official notice but is an offer to sell a service; no government sends this');
  });

  it('shows no Mail heading without mail', () => {
    render(<DocumentsList orderId={ID} documents={[articles]} />);
    expect(screen.queryByRole('heading', { name: 'Mail' })).toBeNull();
  });
});
