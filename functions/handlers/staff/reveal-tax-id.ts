import { applicationIdSchema } from '#shared/application-id.schema.ts';
import { getApplication } from '../../data/applications/reads.ts';
import { recordTaxIdReveal } from '../../data/applications/staff.ts';
import { unseal } from '../../lib/crypto/sealed.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { json, pathParam, route, staffActor } from '../../lib/http.ts';
import { formatTaxId, taxIdContext } from '../../orders/tax-id.ts';

/**
 * POST /api/staff/applications/{id}/tax-id/reveal: the responsible party's full SSN/ITIN, for
 * filing the EIN application. Every reveal is recorded before the number is returned; the
 * answer is never cached. 404 tax_id_not_on_file once it was deleted (EIN letter recorded).
 */
export const handler = route('POST /api/staff/applications/{id}/tax-id/reveal', async (event) => {
  const id = pathParam(event, 'id', applicationIdSchema);
  const app = await getApplication(id);
  if (!app.sealedTaxId) throw new NotFoundError('No tax id is on file for this order (never given, or deleted after the EIN letter)', 'tax_id_not_on_file');
  await recordTaxIdReveal(app, staffActor(event));
  const digits = await unseal(app.sealedTaxId, taxIdContext(id));
  return json(200, { taxId: formatTaxId(digits), taxIdType: app.filingDetails?.ein?.responsibleParty.taxIdType ?? 'ssn' }, { 'Cache-Control': 'no-store' });
});
