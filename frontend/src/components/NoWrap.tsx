import type { ReactNode } from 'react';

/**
 * A written date ("November 25, 2026") or a dollar amount kept on one line: at 320-375 px a
 * sentence may wrap around it, never inside it.
 */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?';
/** A written date ("April 15, 2026", "Nov 25, 2026", "April 15") or a dollar amount ("$2,709", "$39.00"). */
const KEPT_WHOLE = new RegExp(`\\b${MONTH} \\d{1,2}(?:, \\d{4})?\\b|\\$\\d[\\d,]*(?:\\.\\d+)?`, 'g');

/** A sentence (often the server's) with each written date and dollar amount in it kept on one line. */
export function NoWrapText({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(KEPT_WHOLE)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    out.push(<NoWrap key={at}>{match[0]}</NoWrap>);
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
