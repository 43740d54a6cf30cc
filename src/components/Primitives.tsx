import type { ReactNode } from 'react';
import type { IconComponent } from './Icons.tsx';

// The site's small building blocks, shared by the pages so that each pattern is written once.

/**
 * A page section with its h2 (and optional lead paragraph), named by that heading: `id` makes it
 * linkable, `titleId` names the heading when the section itself has no id. `head="plain"` puts the
 * heading alone above the content instead of the centred heading block.
 */
export function Section({
  id,
  titleId = id ? `${id}-title` : undefined,
  title,
  lead,
  children,
  alt = false,
  narrow = false,
  head = 'center',
  className,
  headClassName,
}: {
  id?: string;
  titleId?: string;
  title: ReactNode;
  lead?: string;
  children: ReactNode;
  alt?: boolean;
  narrow?: boolean;
  head?: 'center' | 'start' | 'plain';
  /** More classes on the <section> (spacing, scroll margin). */
  className?: string;
  /** More classes on the heading block. */
  headClassName?: string;
}) {
  const heading = (
    <h2 id={titleId} className={head === 'plain' ? 'section-title mb-6' : 'section-title'}>
      {title}
    </h2>
  );
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={classes('section', alt && 'section-alt', className)}
    >
      <div className={narrow ? 'container narrow' : 'container'}>
        {head === 'plain' ? (
          heading
        ) : (
          <div className={classes('section-head', head === 'start' && 'start', headClassName)}>
            {heading}
            {lead ? <p className="section-lead">{lead}</p> : null}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** A card's icon in its tinted square (`card-icon` in styles.css), at its own size unless `size` is given. */
export function CardIcon({
  icon: Icon,
  size,
  className,
}: {
  icon: IconComponent;
  size?: number;
  /** More classes on the square (where a flex row must not shrink it). */
  className?: string;
}) {
  return (
    <span className={classes('card-icon', className)}>
      <Icon {...(size ? { width: size, height: size } : {})} />
    </span>
  );
}

/** A column header of a table, with its classes where it has any (width, alignment). */
export interface TableColumn {
  label: ReactNode;
  className?: string;
}

/** A table's header row: a column header (`scope="col"`) for each column, in order. */
export function TableHead({
  columns,
  className,
  rowClassName,
}: {
  columns: readonly TableColumn[];
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'success' | 'warning' | 'outline';

export function Badge({ variant = 'default', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={variant === 'default' ? 'badge' : `badge badge-${variant}`}>{children}</span>;
}

/** Class names joined, the false ones left out. */
export function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
