import { createHash } from 'node:crypto';
import { orderNumber } from '#shared/orders/conversation.schema.ts';
import type { DocumentLink } from '#shared/orders/documents.schema.ts';
import type { OrderPayers } from '#shared/payers/payers.schema.ts';
import type { ApplicationItem } from '../../data/applications/item.ts';
import { downloadLink, objectSize, orderDocumentKey, putDocument } from './storage.ts';

/**
 * The W-9 values PDF (../w9-values.ts), written the first time it is asked for and kept under an
 * id derived from what it prints: the same values always download the same file, and a change
 * (the election in effect, the EIN recorded, a new name) makes a new one. `view` is the order's
 * payers view (functions/orders/payers-view.ts), which the caller computes. Only the download
 * route imports this, so the renderer and its fonts stay out of the others.
 */
export async function w9ValuesLink(
  app: Pick<ApplicationItem, 'id' | 'businessName'>,
  view: Pick<OrderPayers, 'w9' | 'electionEffectiveOn' | 'source'>,
  today: string,
): Promise<DocumentLink> {
  const printed = JSON.stringify({ w9: view.w9, effectiveOn: view.electionEffectiveOn ?? null, business: app.businessName ?? '' });
  const id = `w9-${createHash('sha256').update(`${app.id}:${printed}`).digest('hex').slice(0, 32)}`;
  const key = orderDocumentKey(app.id, id);
  const number = orderNumber(app.id);
  const fileName = `w9-values-${number}.pdf`;
  if ((await objectSize(key)) === undefined) {
    const { w9ValuesPdf } = await import('../w9-values.ts');
    const made = await w9ValuesPdf({
      orderNumber: number,
      businessName: app.businessName ?? '',
      values: view.w9,
      ...(view.electionEffectiveOn ? { electionEffectiveOn: view.electionEffectiveOn } : {}),
      source: view.source,
      today,
    });
    await putDocument(key, made.bytes, fileName);
  }
  return downloadLink(key, fileName);
}
