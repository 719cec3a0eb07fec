import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
}

/**
 * The ARIA tabs pattern: one tab stop for the list, arrow keys (and Home/End) move between tabs.
 * Tab buttons are `tab-<id>` and control `panel-<id>`; the caller renders the panel.
 */
export function TabList<K extends string>({
  tabs,
  active,
  onChange,
  label,
  className,
  tabClassName,
}: {
  tabs: readonly TabItem<K>[];
  active: K;
  onChange: (id: K) => void;
  label: string;
  className?: string;
  tabClassName: (selected: boolean) => string;
}) {
  function onKeyDown(e: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const target =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (target < 0) return;
    e.preventDefault();
    onChange(tabs[target].id);
    document.getElementById(`tab-${tabs[target].id}`)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t, i) => (
        <button
          key={t.id}
          id={`tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={active === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={active === t.id ? 0 : -1}
          onClick={() => onChange(t.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
          className={tabClassName(active === t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
