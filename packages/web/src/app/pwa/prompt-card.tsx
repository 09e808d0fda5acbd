import type { ReactNode } from 'react';

/** The install and update prompts: a small card at the bottom, clear of the page's own buttons on phones. */
export function PromptCard({
  label,
  icon,
  title,
  children,
  actions,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      {/* Room at the end of the page, so the card never hides its last part for good. */}
      <div aria-hidden="true" className="h-36" />
      <section
        aria-label={label}
        // A stronger edge and, in dark mode, a raised surface: on the page's own cards it read as one of them.
        className="fixed inset-x-3 bottom-3 z-40 rounded-2xl border border-line-strong bg-surface p-4 shadow-xl sm:right-4 sm:bottom-4 sm:left-auto sm:w-96 dark:bg-subtle"
      >
        <div className="flex items-start gap-3">
          <span className="mt-0.5 shrink-0 text-accent-text">{icon}</span>
          <div className="min-w-0 flex-1">
            <h2 className="text-sm font-semibold text-fg">{title}</h2>
            <div className="mt-1 text-sm text-fg-muted">{children}</div>
            <div className="mt-3 flex flex-wrap justify-end gap-2">{actions}</div>
          </div>
        </div>
      </section>
    </>
  );
}
