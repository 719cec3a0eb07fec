import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchEntries, ticketSearchEntries } from '#shared/staff/search.ts';
import { backfillSearchIndex } from '../functions/data/search-backfill.ts';
import { handler as listApplications } from '../functions/handlers/staff/list-applications.ts';
import { handler as listTickets } from '../functions/handlers/staff-support/list-tickets.ts';
import { ddb, tableName } from '../functions/lib/clients/dynamodb.ts';
import { PutCommand, QueryCommand, UpdateCommand } from '../functions/lib/clients/dynamodb-sdk.ts';
import { putApplication } from '../tests/fakes/applications.ts';
import { staffHeaders } from '../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../tests/helpers/events.ts';
import { main, parseBackfillArgs } from './search-backfill.ts';

/**
 * The search index backfill against DynamoDB Local: orders and tickets written with no index
 * items (as before the index existed) are found by search after one run; a second run, or two
 * runs at once, write nothing twice.
 */
const endpoint = () => process.env.DYNAMODB_ENDPOINT as string;
const prefix = () => process.env.TEST_TABLE_PREFIX as string;
const tag = randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)
  .padEnd(6, 'x');
let headers: Record<string, string>;

beforeAll(async () => {
  headers = await staffHeaders({ role: 'owner' });
});

const run = (log: string[] = []) => main(['--stage', 'local', '--endpoint', endpoint(), '--table-prefix', prefix()], (line) => log.push(line));

async function findOrders(q: string): Promise<string[]> {
  const res = await invoke(listApplications, apiEvent({ method: 'GET', route: '/api/staff/applications', query: { q }, headers }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: string }[]).map((a) => a.id);
}

async function findTickets(q: string): Promise<string[]> {
  const res = await invoke(listTickets, apiEvent({ method: 'GET', route: '/api/staff/tickets', query: { q }, headers }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: string }[]).map((t) => t.id);
}

/** Every index item of an order or ticket, by its entries' keys. */
async function indexItems(entries: { pk: string; sk: string }[]) {
  const found = await Promise.all(
    entries.map(async (e) => {
      const out = await ddb().send(
        new QueryCommand({
          TableName: tableName('searchIndex'),
          KeyConditionExpression: 'pk = :pk AND sk = :sk',
          ExpressionAttributeValues: { ':pk': e.pk, ':sk': e.sk },
        }),
      );
      return out.Items ?? [];
    }),
  );
  return found.flat();
}

/** A placed order as written before the index: the order item alone. */
const legacyOrder = (fields: Record<string, unknown>) => putApplication({ status: 'submitted', listPartition: 'ALL', version: 3, ...fields });

async function legacyTicket(fields: Record<string, unknown>) {
  const item = {
    id: randomUUID(),
    feed: 'TICKETS',
    status: 'open',
    priority: 'normal',
    message: 'Hello',
    createdAt: new Date().toISOString(),
    ...fields,
  };
  await ddb().send(new PutCommand({ TableName: tableName('tickets'), Item: item }));
  return item as typeof item & { customerEmail: string; customerName: string; subject: string };
}

describe('npm run search:backfill', () => {
  it('needs a stage, and --endpoint only locally', () => {
    expect(() => parseBackfillArgs([], {})).toThrow('--stage must be prod, dev or local.');
    expect(() => parseBackfillArgs(['--stage', 'local'], {})).toThrow('--stage local needs --endpoint');
    expect(() => parseBackfillArgs(['--stage', 'prod', '--endpoint', 'http://127.0.0.1:1'], {})).toThrow('for --stage local only');
    expect(parseBackfillArgs(['--stage', 'prod'], {})).toEqual({ stage: 'prod', endpoint: undefined, tablePrefix: undefined });
  });

  it('indexes orders and tickets written before the index; search then finds them; a second run writes nothing', async () => {
    const paid = await legacyOrder({
      paymentStatus: 'paid',
      email: `legacy.${tag}@example.com`,
      firstName: 'Odile',
      lastName: `Marchetti${tag}`,
      businessName: `Oldfield ${tag} Records LLC`,
      fileNumber: `2024-000${tag}`,
      assignee: { id: 'person-legacy-01', email: 'proc@creator-llc.example', at: new Date().toISOString() },
    });
    const unpaid = await legacyOrder({ paymentStatus: 'unpaid', email: `unpaid.${tag}@example.com`, businessName: `Unpaidway ${tag} LLC` });
    const order = await legacyOrder({ paymentStatus: 'paid', email: `tied.${tag}@example.com`, businessName: `Tiedfast ${tag} LLC` });
    const contact = await legacyTicket({ customerEmail: `writer.${tag}@example.com`, customerName: `Wren Ashby${tag}`, subject: `Refund ${tag} question` });
    const conversation = await legacyTicket({
      id: `order-${order.id}`,
      customerEmail: `tied.${tag}@example.com`,
      customerName: 'Tia Fast',
      subject: `Change request for Tiedfast ${tag} LLC`,
      applicationId: order.id,
    });

    // Before: nothing is found.
    expect(await findOrders(`legacy.${tag}@example.com`)).toEqual([]);
    expect(await findOrders(`oldfield ${tag}`)).toEqual([]);
    expect(await findTickets(`writer.${tag}@example.com`)).toEqual([]);

    const log: string[] = [];
    const first = await run(log);
    expect(first.ordersRead).toBe(3);
    expect(first.ticketsRead).toBe(2);
    expect(first.recordsIndexed).toBe(5);
    const expected =
      [paid, unpaid, order].reduce((n, app) => n + searchEntries(app).length, 0) +
      [contact, conversation].reduce((n, t) => n + ticketSearchEntries(t).length, 0);
    expect(first.itemsWritten).toBe(expected);
    expect(log.at(-1)).toBe(`Search index backfill on local done: 3 order(s) and 2 ticket(s) read; 5 lacked index items: ${expected} item(s) written.`);

    // After: found by email, business-name prefix, file number, order number and assignee; tickets by email, name, subject and order.
    expect(await findOrders(`LEGACY.${tag}@example.com`)).toEqual([paid.id]);
    expect(await findOrders(`oldfield ${tag} rec`)).toEqual([paid.id]);
    expect(await findOrders(`2024000${tag}`)).toEqual([paid.id]);
    expect(await findOrders(paid.id.slice(0, 8))).toEqual([paid.id]);
    expect(await findOrders(`unpaidway ${tag}`)).toEqual([unpaid.id]);
    const assigned = await invoke(
      listApplications,
      apiEvent({ method: 'GET', route: '/api/staff/applications', query: { assignee: 'person-legacy-01' }, headers }),
    );
    expect((assigned.body.items as { id: string }[]).map((a) => a.id)).toEqual([paid.id]);
    expect(await findTickets(`writer.${tag}@example.com`)).toEqual([contact.id]);
    expect(await findTickets(`ashby${tag}`)).toEqual([contact.id]);
    expect(await findTickets(`refund ${tag}`)).toEqual([contact.id]);
    expect(await findTickets(order.id.slice(0, 8))).toEqual([conversation.id]);

    // An unpaid order's items expire as the product's own writes make them; a paid order's do not.
    const unpaidItems = await indexItems(searchEntries(unpaid));
    expect(unpaidItems.length).toBe(searchEntries(unpaid).length);
    for (const item of unpaidItems) expect(item.expiresAt).toEqual(expect.any(Number));
    for (const item of await indexItems(searchEntries(paid))) expect(item.expiresAt).toBeUndefined();

    // Again: every item is there, nothing is written.
    const second = await run();
    expect(second).toEqual({ ordersRead: 3, ticketsRead: 2, recordsIndexed: 0, itemsWritten: 0 });
  });

  it('writes only the missing items of a half-indexed order, and two runs at once write each item once', async () => {
    const orders = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        legacyOrder({ paymentStatus: 'paid', email: `pair${i}.${tag}@example.com`, businessName: `Pairwise ${tag} ${i} LLC` }),
      ),
    );
    // One order already has its email item (a save after the index existed wrote it).
    const [half] = orders;
    const emailEntry = searchEntries(half).find((e) => e.kind === 'email');
    if (!emailEntry) throw new Error('no email entry');
    await ddb().send(new PutCommand({ TableName: tableName('searchIndex'), Item: { ...emailEntry, applicationId: half.id } }));
    const missing = orders.reduce((n, app) => n + searchEntries(app).length, 0) - 1;

    const [a, b] = await Promise.all([backfillSearchIndex(), backfillSearchIndex()]);
    expect(a.itemsWritten + b.itemsWritten).toBe(missing);
    expect(a.recordsIndexed + b.recordsIndexed).toBe(orders.length);
    for (const app of orders) expect(await findOrders(`pairwise ${tag} ${orders.indexOf(app)}`)).toEqual([app.id]);
    expect((await backfillSearchIndex()).itemsWritten).toBe(0);
  });

  it('an order changed after it was read is read again and indexed as it is now', async () => {
    const app = await legacyOrder({ paymentStatus: 'paid', email: `before.${tag}@example.com`, businessName: `Shifting ${tag} LLC` });
    let changed = false;
    // The change lands between the backfill's read of the order and its write: just before its first transaction.
    const original = ddb().send.bind(ddb());
    const client = ddb() as unknown as { send: (command: unknown) => Promise<unknown> };
    client.send = async (command: unknown) => {
      const name = (command as { constructor: { name: string } }).constructor.name;
      if (!changed && name === 'TransactWriteCommand') {
        changed = true;
        await original(
          new UpdateCommand({
            TableName: tableName('applications'),
            Key: { id: app.id },
            UpdateExpression: 'SET email = :e, version = version + :one',
            ExpressionAttributeValues: { ':e': `after.${tag}@example.com`, ':one': 1 },
          }),
        );
      }
      return original(command as never);
    };
    try {
      await backfillSearchIndex();
    } finally {
      client.send = original as never;
    }
    expect(changed).toBe(true);
    expect(await findOrders(`after.${tag}@example.com`)).toEqual([app.id]);
    const stale = await indexItems(searchEntries({ ...app, email: `before.${tag}@example.com` }).filter((e) => e.kind === 'email'));
    expect(stale).toEqual([]);
  });
});
