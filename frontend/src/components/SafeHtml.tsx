import { useEffect, useState } from 'react';

/**
 * An HTML content item, cleaned with DOMPurify in the browser before it is inserted. DOMPurify
 * is fetched only when an HTML item is shown, so pages with text items never download it.
 * `as="span"` keeps it valid inside headings and paragraphs.
 */
export function SafeHtml({ html, className, testId, as: Tag = 'div' }: { html: string; className?: string; testId?: string; as?: 'div' | 'span' }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setClean(null);
    import('../lib/purify.ts').then(({ purifyHtml }) => {
      if (live) setClean(purifyHtml(html));
    });
    return () => {
      live = false;
    };
  }, [html]);
  if (clean === null) return <Tag className={className} aria-busy="true" data-testid={testId} />;
  // Safe: cleaned by DOMPurify with the shared allow-list just above.
  return <Tag className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** A content item as the site shows it: text items as text, HTML items cleaned. */
export function SiteContent({
  content,
  contentType,
  className,
  testId,
}: {
  content: string;
  contentType: 'text' | 'html';
  className?: string;
  testId?: string;
}) {
  return contentType === 'html' ? (
    <SafeHtml html={content} className={className} testId={testId} />
  ) : (
    <div className={`whitespace-pre-line ${className ?? ''}`} data-testid={testId}>
      {content}
    </div>
  );
}
