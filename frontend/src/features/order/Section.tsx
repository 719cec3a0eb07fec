import type { ReactNode } from 'react';
import { Card } from '../../components/Card.tsx';

/** One card of the order page: its heading names the region. */
export function Section({ title, id, children, className = '' }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <Card className="p-5 sm:p-6">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}
