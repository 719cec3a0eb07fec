import { randomUUID } from 'node:crypto';
import type { AddOnKey, AddOnPrices } from '#shared/catalog/catalog.ts';
import type { AnnualReportCharge, AnnualReportEvent, AnnualReportFiling, AnnualReportService } from '#shared/compliance/annual-report-service.ts';
import type { RenewalCard, RenewalCharge, RenewalEvent } from '#shared/compliance/renewal-charges.ts';
import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import type { MailKind } from '#shared/mail/mail.ts';
import type { DocumentsProblem } from '#shared/orders/document-blockers.ts';
import type { DocumentKind } from '#shared/orders/documents.ts';
import type { HomeStateFee } from '#shared/orders/home-registration.ts';
import type { Purchase } from '#shared/orders/purchases.ts';
import type { StoredPayer } from '#shared/payers/payers.ts';
import type { PaymentProvider, PaymentStatus } from '#shared/payments/methods.ts';
import type { RefundEntry } from '#shared/payments/refunds.ts';
import type { ElectionRecord } from '#shared/s-corp/election.ts';
import type { SavedTaxPlan } from '#shared/saved-tax-plan.ts';
import type { QueueStage } from '#shared/staff/work-queue.ts';
import type { WizardData } from '#shared/wizard/data.schema.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import {
  ConditionalCheckFailedException,
  type DynamoDBDocumentClient,
  GetCommand,
  type TransactItem,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from '../../lib/clients/dynamodb-sdk.ts';
import type { SealedValue } from '../../lib/crypto/sealed.ts';
import { applicationNotFound, ConflictError, type DomainError } from '../../lib/errors.ts';

/**
 * The applications table: its item and the mechanics every write goes through. Only the modules
 * of this folder send the table commands, one module per workflow (reads, wizard, payments,
 * staff, order page, documents); tests/no-scan.test.ts keeps it so.
 *
 * Every write bumps the item's `version`; writes that act on what was read (fulfilment, staff
 * moves, recorded documents) are conditional on the version read, so a change in between is a
 * conflict, never overwritten. Changes that imply others (status counters, activity entries)
 * are one transaction with them.
 */

/**
 * One item of the applications table, whoever wrote it: the wizard data (docs/product.md
 * section 3), its bookkeeping, the payment fields and the staff fields. Other modules see an
 * item through the workflows' projections (./reads.ts, ./payments.ts, ./staff.ts).
 */
export interface ApplicationItem extends Partial<WizardData> {
  id: string;
  /** Missing on old items: counts as submitted (MISSING_STATUS_MEANS). */
  status?: string;
  paymentStatus?: PaymentStatus;
  createdAt?: string;
  updatedAt?: string;
  submittedAt?: string;
  /** +1 on every write (new items start at 1); an item without one counts as 0. */
  version?: number;
  /** LIST_PARTITION once the status leaves draft: the staff list's byList index. */
  listPartition?: typeof LIST_PARTITION;
  /** The business name's collision key: byNameKey, name availability. */
  nameKey?: string;
  /** The email's lookup key (shared/orders/email-key.ts): byEmailKey, "find my order". */
  emailKey?: string;
  /** The work-queue stage and since when (byQueue; absent: nobody's work now): ItemUpdate.queueAt. */
  queue?: QueueStage;
  queueSince?: string;
  /** The staff person who works the order, and since when (./assignment.ts); absent: nobody. */
  assignee?: { id: string; email: string; at: string };
  /** The filing-details reminder staff sent again ("Chase", ./chase.ts): the last time, who, and how many times. */
  detailsChased?: { at: string; by: string; times: number };

  /** The open payment intent / session at the provider and the amount it was made for. */
  paymentIntentId?: string;
  paymentIntentAmountCents?: number;
  paymentIntentProvider?: PaymentProvider;
  /** Test mode only: SHA-256 of the test intent's client secret. */
  paymentIntentSecretHash?: string;
  paymentProvider?: PaymentProvider;
  paymentReference?: string;
  paymentCurrency?: string;
  amountPaidCents?: number;
  paidAt?: string;
  paymentError?: string;
  lastFailedPaymentReference?: string;
  /** The sum of `refunds`, never above what was paid. */
  amountRefundedCents?: number;
  /** When the order became refunded in full. */
  refundedAt?: string;
  /** Every refund recorded, oldest first, each once by its id (shared/payments/refunds.ts). */
  refunds?: RefundEntry[];
  /** The chargeback the payer's bank opened on the payment, open or closed (./disputes.ts). */
  dispute?: DisputeRecord;

  /** SHA-256 of the resume secret the creating browser holds (shared/api/contract.ts, `holder` routes). */
  resumeSecretHash?: string;
  /** Epoch seconds after which DynamoDB deletes an abandoned draft or unpaid application. */
  expiresAt?: number;
  /** The order as priced when payment started: what a payment must match to count. */
  pricedOrder?: PricedOrder;
  /** The Terms of Service version the customer agreed to when payment started (shared/legal/versions.ts). */
  termsVersion?: string;
  /** Test mode: the intent whose confirmation is under way (no visitor change may cancel it now). */
  paymentConfirming?: string;
  /** A payment that did not match the frozen order: held for staff, never recorded as paid. */
  review?: PaymentReview;
  /** The provider reference of a refund, even one that arrived before its payment's success. */
  refundedReference?: string;
  /** Mark Filed: the state's file number and the filing date. */
  fileNumber?: string;
  filedOn?: string;
  /** When staff moved the order to processing, filed, completed (the order page's timeline). */
  processingAt?: string;
  filedAt?: string;
  completedAt?: string;

  /** The filing details the customer gave on the order page (tax id as last four only). */
  filingDetails?: StoredFilingDetails;
  /** When the details were last completed (Start Processing needs them). */
  detailsCompletedAt?: string;
  /** The responsible party's SSN/ITIN, envelope-encrypted (functions/lib/crypto/sealed.ts); removed once the EIN letter is recorded. */
  sealedTaxId?: SealedValue;
  /** SHA-256 of the secrets handed out by signed order links (POST /api/orders/{id}/access), newest last. */
  orderAccessHashes?: string[];
  /**
   * The version of the address on file: 0 (absent) until it first changes, then 1, 2... Order
   * links are signed for it; a change of address ends every link and browser access issued
   * before (./contact.ts).
   */
  emailVersion?: number;
  /** SHA-256 of the browser secrets a change of address ended: such a browser is told why (403), newest last. */
  endedAccessHashes?: string[];
  /** A change of the address staff asked for, waiting for the customer or a second staff member (./contact.ts). */
  emailChange?: PendingEmailChange;

  /** When the customer cancelled the registered agent renewal they had agreed to (the order page's one step). */
  renewalCancelledAt?: string;
  /** Checkout's consent to keep the card for the renewal, set with the open payment. */
  paymentSavesCard?: boolean;
  /**
   * Checkout's agreement to the annual reports filed for the customer, at the price of the moment
   * the open payment started (docs/decisions/0434): recorded as `annualReportService` when that
   * payment settles, set and cleared with the open payment as `paymentSavesCard` is.
   */
  paymentAnnualReports?: AnnualReportService;
  /** The card kept for the renewal (written with the payment that saved it). */
  renewalCard?: RenewalCard;
  /** Add-ons bought after payment, oldest first, each with its price frozen when started (./purchases.ts, docs/decisions/0424). */
  purchases?: Purchase[];
  /** The renewal period charged last or being charged (./renewal.ts). */
  renewalCharge?: RenewalCharge;
  /** Every renewal charge, failure, payment by link and lapse, oldest first. */
  renewalHistory?: RenewalEvent[];
  /** The annual reports filed for the customer (docs/decisions/0431): the agreement with its frozen price. */
  annualReportService?: AnnualReportService;
  /** When the customer cancelled that service (cleared by the undo): nothing is charged after it. */
  annualReportCancelledAt?: string;
  /** The report charged last or being charged (its period: the report's due date). */
  annualReportCharge?: AnnualReportCharge;
  /** Every report charge, failure, payment by link and lapse, oldest first. */
  annualReportHistory?: AnnualReportEvent[];
  /** The reports staff filed, oldest first. */
  annualReportFilings?: AnnualReportFiling[];
  /** When the customer turned off the compliance calendar's deadline reminders (the emails' unsubscribe link). */
  remindersUnsubscribedAt?: string;

  /**
   * The tax plan the customer saved from the planner on the order page: the inputs only (profit,
   * salary, last year's tax, income map), the amounts computed from them when shown. Deleted
   * with the order (docs/product.md "Privacy").
   */
  savedTaxPlan?: SavedTaxPlan;

  /** The EIN the IRS assigned (XX-XXXXXXX), recorded by staff with the IRS letter (./documents.ts recordEin). */
  ein?: string;
  einRecordedAt?: string;
  /** When an owner last reopened the completed order, and why. */
  reopenedAt?: string;

  /** The newest note (older items: the only one). */
  notes?: string;
  /** Every note staff added, oldest first, with who and when: appended to, never rewritten. */
  noteHistory?: StaffNote[];

  /** The order's documents, every version (generated at Start Processing, uploaded by staff): ./documents.ts recordDocuments. */
  documents?: StoredDocument[];
  /** The last attempt at making the documents failed, and why (removed when documents are recorded). */
  documentsProblem?: DocumentsProblem;

  /** Mail our registered agent address received for the LLC, oldest first (./mail.ts; at most MAX_MAIL_PER_ORDER). */
  mail?: StoredMail[];
  /** 'OPEN' while some mail is not handled (byMail; absent otherwise): ./mail.ts mailIndexOf. */
  mailOpen?: 'OPEN';
  /** The soonest clock of the mail not handled (ISO instant), byMail's sort key. */
  mailDueAt?: string;

  /**
   * The S-corporation election (Form 2553) as staff recorded it: how and when it was sent, and
   * the date the IRS letter (CP261) says it takes effect once uploaded (shared/s-corp/election.ts).
   */
  sCorpElection?: ElectionRecord & { recordedAt: string; recordedBy: string };

  /** The home state's registration fee as staff confirmed it, before the customer can buy the home-state registration (./home-state-fee.ts). */
  homeStateFee?: HomeStateFee;

  /** The platforms and brands that pay the LLC, as the customer listed them (./payers.ts; at most MAX_PAYERS_PER_ORDER). */
  payers?: StoredPayer[];
}

/** A piece of mail logged by staff (shared/mail/mail.ts): its scan is the document `documentId`. */
export interface StoredMail {
  id: string;
  sender: string;
  /** YYYY-MM-DD */
  receivedOn: string;
  kind: MailKind;
  /** YYYY-MM-DD, when the document names a day to answer by. */
  answerDeadline?: string;
  note?: string;
  documentId: string;
  loggedAt: string;
  loggedBy: string;
  /** Staff marked it handled (the back office's clock stops). */
  handledAt?: string;
  handledBy?: string;
}

/** A requested change of the order's email address: it takes effect only when confirmed or approved. */
export interface PendingEmailChange {
  id: string;
  email: string;
  reason: string;
  requestedBy: { id: string; email: string };
  requestedAt: string;
}

/** A note on the order: its text, the staff email of who wrote it, and when. */
export interface StaffNote {
  text: string;
  by: string;
  at: string;
}

/** A document recorded on the order (shared/orders/documents.ts): what it is and its object in the documents bucket. */
export interface StoredDocument {
  id: string;
  kind: DocumentKind;
  title: string;
  /** The object's key in the documents bucket: one key per version, never overwritten. */
  key: string;
  /** ASCII name the download is saved under. */
  fileName: string;
  /** 1 for the first document of its kind, then 2, 3... */
  version: number;
  createdAt: string;
  origin: 'generated' | 'uploaded';
  /** The version filed with the state (set when staff record the approved document). */
  filed?: boolean;
  size: number;
  /** The state's file number, on the approved document. */
  fileNumber?: string;
  /** The staff email of who generated or uploaded it. */
  createdBy?: string;
}

/** A chargeback: the provider's dispute id, its state, what the bank says, and the evidence deadline. */
export interface DisputeRecord {
  id: string;
  status: 'open' | 'won' | 'lost';
  reason: string;
  amountCents: number;
  /** YYYY-MM-DD: the last day to send evidence. */
  evidenceDueBy?: string;
  openedAt?: string;
  closedAt?: string;
  /** The order was not filed yet when the dispute opened: Start Processing and Mark Filed wait for it. */
  filingPaused: boolean;
}

/** The order as priced when its payment started: each add-on's flag (missing on orders priced before it existed: not bought). */
export interface PricedOrder extends Partial<Record<AddOnKey, boolean>> {
  totalCents: number;
  state: string;
  /** The operator's add-on prices when payment started; missing on orders priced before they were settings (the defaults). */
  addOnPrices?: AddOnPrices;
  pricedAt: string;
}

export interface PaymentReview {
  reason: string;
  provider: PaymentProvider;
  reference: string;
  amountCents: number;
  currency: string;
  at: string;
}

/** Partition value of the byList index: every application that is not a draft. */
export const LIST_PARTITION = 'ALL';

/** The table's secondary indexes (functions/tables.ts). */
export const APPLICATION_INDEXES = {
  byStatus: 'byStatus',
  byList: 'byList',
  byNameKey: 'byNameKey',
  byEmailKey: 'byEmailKey',
  byQueue: 'byQueue',
  byMail: 'byMail',
} as const;

export const versionOf = (item: Pick<ApplicationItem, 'version'>): number => (typeof item.version === 'number' ? item.version : 0);

/** How staff and the activity feed name an application. */
export function displayName(app: Pick<ApplicationItem, 'id' | 'businessName' | 'firstName' | 'lastName'>): string {
  return app.businessName || `${app.firstName ?? ''} ${app.lastName ?? ''}`.trim() || app.id.slice(0, 8);
}

// ---- Table mechanics -------------------------------------------------------------------------

export const table = () => tableName('applications');

/**
 * One item's update expression, built field by field; it always bumps the version and records
 * its own `lastWrite` id, so a write whose answer was lost and which the SDK sent again can tell
 * its own landed change from someone else's (see `update`).
 */
export class ItemUpdate {
  readonly writeId = randomUUID();
  private readonly names: Record<string, string> = { '#id': 'id', '#version': 'version', '#lastWrite': 'lastWrite' };
  private readonly values: Record<string, unknown> = { ':vZero': 0, ':vOne': 1, ':lastWrite': this.writeId };
  private readonly sets = ['#version = if_not_exists(#version, :vZero) + :vOne', '#lastWrite = :lastWrite'];
  private readonly removes: string[] = [];
  private readonly conditions = ['attribute_exists(#id)'];

  constructor(readonly id: string) {}

  set(field: string, value: unknown): this {
    this.names[`#${field}`] = field;
    this.values[`:${field}`] = value;
    this.sets.push(`#${field} = :${field}`);
    return this;
  }

  /** Appends `values` to the list `field` (created when missing): history is added to, never rewritten. */
  append(field: string, values: unknown[]): this {
    this.names[`#${field}`] = field;
    this.values[`:${field}`] = values;
    this.values[':emptyList'] = [];
    this.sets.push(`#${field} = list_append(if_not_exists(#${field}, :emptyList), :${field})`);
    return this;
  }

  remove(field: string): this {
    this.names[`#${field}`] = field;
    this.removes.push(`#${field}`);
    return this;
  }

  /**
   * The order's place in the work queue (shared/staff/work-queue.ts queueStageOf of the item as
   * this write leaves it): `stage` since `at`, or out of the queue. Every write that changes the
   * status, the payment or the details sets it, so the queue is as current as the item.
   */
  queueAt(stage: QueueStage | undefined, at: string): this {
    return stage ? this.set('queue', stage).set('queueSince', at) : this.remove('queue').remove('queueSince');
  }

  /** An extra condition; its `#name` placeholders must be attribute names, `values` its `:placeholders`. */
  when(condition: string, values: Record<string, unknown> = {}): this {
    for (const [, name] of condition.matchAll(/#(\w+)/g)) this.names[`#${name}`] = name;
    Object.assign(this.values, values);
    this.conditions.push(condition);
    return this;
  }

  /** Only if nobody wrote the item since it was read at `version` (no attribute counts as 0). */
  atVersion(version: number): this {
    return this.when(version === 0 ? '(attribute_not_exists(#version) OR #version = :vRead)' : '#version = :vRead', { ':vRead': version });
  }

  get input() {
    return {
      TableName: table(),
      Key: { id: this.id },
      UpdateExpression: `SET ${this.sets.join(', ')}${this.removes.length ? ` REMOVE ${this.removes.join(', ')}` : ''}`,
      ConditionExpression: this.conditions.join(' AND '),
      ExpressionAttributeNames: this.names,
      ExpressionAttributeValues: this.values,
      // A failed condition answers with the item as it is, so a retry can see its own write.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    };
  }
}

/**
 * One UpdateItem; false when its condition failed (nothing was written). When the SDK sends the
 * write again after a timeout and the first attempt had landed, the retry fails the condition
 * the first one changed (the version): the item then holds this write's own `lastWrite`, and the
 * write is reported as done, not as a conflict.
 */
export async function update(change: ItemUpdate, client: Pick<DynamoDBDocumentClient, 'send'> = ddb()): Promise<boolean> {
  try {
    await client.send(new UpdateCommand(change.input));
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return err.Item?.lastWrite?.S === change.writeId;
    throw err;
  }
}

/**
 * The item's update and what it implies (counters, an activity entry) in one transaction: all
 * of it or nothing. False when the item's own condition failed; any other failure is thrown.
 */
export async function updateWith(change: ItemUpdate, alongside: TransactItem[]): Promise<boolean> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [{ Update: change.input }, ...alongside] }));
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw err;
  }
}

/** The item as stored now (strongly consistent), or undefined. */
export async function readItem(id: string): Promise<ApplicationItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: { id }, ConsistentRead: true }));
  return out.Item as ApplicationItem | undefined;
}

/** After a failed condition (and only then): missing, or the error `present` gives for the item as it is now. */
export async function whyNotWritten(id: string, present: (item: ApplicationItem) => DomainError): Promise<DomainError> {
  const item = await readItem(id);
  return item ? present(item) : applicationNotFound();
}

export const changedMeanwhile = (what: string) => new ConflictError(`The application changed while ${what}; reload it and try again`, 'version_conflict');
