import { type AddOnPrices, addOnPricesFrom } from '#shared/catalog/catalog.ts';
import { useOperatorSettings } from '../../lib/operator.ts';

/**
 * The add-on prices the operator sets (GET /api/operator-settings), undefined until it answers:
 * the wizard quotes them; the server prices the order again and checkout shows its figures.
 */
export function useAddOnPrices(): AddOnPrices | undefined {
  const settings = useOperatorSettings();
  return settings ? addOnPricesFrom(settings) : undefined;
}
