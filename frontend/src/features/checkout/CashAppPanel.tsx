import { Button } from '../../components/Button.tsx';

/** Cash App Pay is never available (docs/product.md section 2, Checkout): a coming-soon note and a way back to the card tab. */
export function CashAppPanel({ onUseCard }: { onUseCard: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
      <p className="text-lg font-semibold text-slate-900">Cash App Pay Coming Soon</p>
      <p className="mt-1 text-sm text-slate-600">We are working on Cash App Pay. In the meantime you can pay securely by card.</p>
      <Button variant="secondary" className="mt-4" onClick={onUseCard}>
        Pay with card instead
      </Button>
    </div>
  );
}
