import type { ReactNode } from 'react';

/** A page section with its h2 and optional lead paragraph; `id` makes it linkable. */
export function Section({
  id,
  title,
  lead,
  children,
  alt = false,
  align = 'center',
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  alt?: boolean;
  align?: 'center' | 'start';
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={alt ? 'section section-alt' : 'section'}>
      <div className="container">
        <div className={align === 'start' ? 'section-head start' : 'section-head'}>
          <h2 id={headingId} className="section-title">
            {title}
          </h2>
          {lead ? <p className="section-lead">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'success' | 'warning' | 'outline';

export function Badge({ variant = 'default', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={variant === 'default' ? 'badge' : `badge badge-${variant}`}>{children}</span>;
}
