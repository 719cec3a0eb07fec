import type { HTMLAttributes } from 'react';

/** The site's rounded card surface. */
export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`.trim()} {...rest} />;
}
