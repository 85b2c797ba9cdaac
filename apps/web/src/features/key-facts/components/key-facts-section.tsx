import { useId, type ReactNode } from 'react';

/** One titled part of the statement (a region named by its heading). */
export function KeyFactsSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="presta-key-facts-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="presta-key-facts-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
