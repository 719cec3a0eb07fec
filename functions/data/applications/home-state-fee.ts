import { formatUsd } from '#shared/money.ts';
import type { ConfirmHomeStateFee } from '#shared/orders/home-registration.schema.ts';
import { type HomeStateFee, homeRegistrationFacts } from '#shared/orders/home-registration.ts';
import { activityPut } from '../activity.ts';
import { type AuditActor, auditPut } from '../audit.ts';
import { documentsNotPaid } from './documents.ts';
import { type ApplicationItem, changedMeanwhile, displayName, ItemUpdate, updateWith, versionOf, whyNotWritten } from './item.ts';

/**
 * Staff confirm (or correct) the home state's registration fee of an order formed away from the
 * owner's home state (docs/decisions/0429): the data's figure is a draft, so the customer can pay
 * the home-state registration only at a fee staff checked with the state. Written at the version
 * read, only while the order is paid, with the activity and audit entries in the same
 * transaction. Confirming again replaces it (a corrected fee) until the registration is bought.
 */
export async function confirmHomeStateFee(
  app: ApplicationItem,
  input: ConfirmHomeStateFee,
  actor: AuditActor,
  now = new Date().toISOString(),
): Promise<ApplicationItem> {
  const facts = homeRegistrationFacts(app);
  if (!facts) throw new Error('confirmHomeStateFee: the order has no home state to register in');
  const before = app.homeStateFee;
  const fee: HomeStateFee = {
    state: facts.home,
    usd: input.usd,
    dataUsd: facts.dataFeeUsd,
    confirmedAt: now,
    confirmedBy: actor.email,
    ...(input.note ? { note: input.note } : {}),
  };
  const differs = facts.dataFeeUsd !== null && facts.dataFeeUsd !== input.usd ? ` (our data's draft figure: ${formatUsd(facts.dataFeeUsd)})` : '';
  const change = new ItemUpdate(app.id)
    .atVersion(versionOf(app))
    .when('#paymentStatus = :paid', { ':paid': 'paid' })
    .set('homeStateFee', fee)
    .set('updatedAt', now);
  const done = await updateWith(change, [
    activityPut(
      'home_state_fee_confirmed',
      `${facts.homeName}'s registration fee confirmed at ${formatUsd(input.usd)}${differs} for ${displayName(app)}`,
      app.id,
    ),
    auditPut({
      actor,
      action: 'home_state_fee_confirmed',
      applicationId: app.id,
      subject: `${facts.homeName} registration fee`,
      before: { homeStateFee: before ? { state: before.state, usd: before.usd } : null },
      after: { homeStateFee: { state: fee.state, usd: fee.usd, dataUsd: fee.dataUsd } },
    }),
  ]);
  if (!done)
    throw await whyNotWritten(app.id, (latest) =>
      latest.paymentStatus !== 'paid' ? documentsNotPaid() : changedMeanwhile("the home state's fee was confirmed"),
    );
  return { ...app, homeStateFee: fee, updatedAt: now, version: versionOf(app) + 1 };
}
