import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { ddb, tableName } from '../../functions/lib/clients/dynamodb.ts';
import { documentsBucket, s3 } from '../../functions/lib/clients/s3.ts';
import { detailsFor, PLACES } from '../documents/test-fixtures.ts';
import { TEST_RESUME_SECRET_HASH } from './applications.ts';
import { putApplication } from './staff.ts';

/**
 * Fixtures for the order documents: a paid order with complete filing details in a state, and
 * our registered agent offices in the operator settings (the documents name the one in the
 * filing state).
 */

/** A generated formation document on an order: what Mark Filed needs before it files. */
export const GENERATED_FORMATION_DOCUMENT = {
  id: '0b7e4a52-3f2c-4d8e-a9b1-5c6d7e8f9a0c',
  kind: 'formation',
  title: 'Articles',
  key: 'k',
  fileName: 'a.pdf',
  version: 1,
  createdAt: '2026-11-19T09:00:00.000Z',
  origin: 'generated',
  size: 1,
} as const;

export const OUR_AGENT_NAME = 'Harbor Registered Agents LLC';

/** Our registered-agent office in `code`, as the operator settings hold it. */
export const agentOffice = (code: string) => ({
  line1: PLACES[code].agentStreet,
  line2: 'Suite 9',
  city: PLACES[code].city,
  state: code,
  zip: PLACES[code].zip,
});

/** The operator settings with our agent's offices in every state the fixtures cover (but those `except`). */
export async function putOperatorAgentOffices(except: readonly string[] = []): Promise<void> {
  const offices = Object.keys(PLACES)
    .filter((code) => !except.includes(code))
    .map(agentOffice);
  await ddb().send(
    new PutCommand({
      TableName: tableName('operatorSettings'),
      Item: { id: 'OPERATOR', ...EMPTY_OPERATOR_SETTINGS, legalName: OUR_AGENT_NAME, registeredAgentOffices: offices, version: 1 },
    }),
  );
}

/** A paid order in `code` with complete filing details (tests/documents/test-fixtures.ts), submitted: ready for Start Processing. */
export async function putPaidOrder(
  code: string,
  over: Record<string, unknown> & { details?: Partial<StoredFilingDetails>; operatingAgreement?: boolean; feinFiling?: boolean } = {},
) {
  const { details, ...fields } = over;
  const now = new Date().toISOString();
  const addOns = { expeditedFiling: false, feinFiling: Boolean(fields.feinFiling), operatingAgreement: Boolean(fields.operatingAgreement) };
  return putApplication({
    state: code,
    businessName: `Bright Pixel Studios ${code} LLC`,
    firstName: 'Jordan',
    lastName: 'Rivera',
    ...addOns,
    status: 'submitted',
    paymentStatus: 'paid',
    paidAt: now,
    pricedOrder: { totalCents: 30000, state: code, ...addOns, pricedAt: now },
    filingDetails: detailsFor(code, details),
    detailsCompletedAt: now,
    // The customer's browser holds the fixtures' resume secret (tests/helpers/events.ts sends it).
    resumeSecretHash: TEST_RESUME_SECRET_HASH,
    ...fields,
  });
}

/** Keys of the objects stored under a prefix of the documents bucket. */
export async function storedKeys(prefix: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: documentsBucket(), Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
}
