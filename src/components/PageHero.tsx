import type { ReactNode } from 'react';

/** The heading block every page opens with: the page's one h1 and its lead paragraph. */
export function PageHero({
  title,
  subtitle,
  eyebrow,
  children,
}: {
  title: string;
  subtitle: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero">
      <div className="container narrow">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="hero-title">{title}</h1>
        <p className="hero-lead">{subtitle}</p>
        {children ? <div className="hero-actions">{children}</div> : null}
      </div>
    </section>
  );
}
