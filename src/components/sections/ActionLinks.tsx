import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight } from '../Icons.tsx';

/** A link styled as a button that leads on, with the arrow every such call to action ends with. */
export function ArrowLink({
  to,
  className,
  children,
}: {
  to: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className}>
      {children}
      <ArrowRight width={18} height={18} />
    </Link>
  );
}

/** A call to action's links, large unless `size="md"`: the first one primary with the arrow, the others outlined. */
export function ActionLinks({
  links,
  size = 'lg',
}: {
  links: readonly { to: string; label: string }[];
  size?: 'md' | 'lg';
}) {
  const large = size === 'lg' ? ' btn-lg' : '';
  return links.map(({ to, label }, i) =>
    i === 0 ? (
      <ArrowLink key={to} to={to} className={`btn btn-primary${large}`}>
        {label}
      </ArrowLink>
    ) : to.startsWith('#') ? (
      // A place on this page.
      <a key={to} href={to} className={`btn btn-outline${large}`}>
        {label}
      </a>
    ) : (
      <Link key={to} to={to} className={`btn btn-outline${large}`}>
        {label}
      </Link>
    ),
  );
}
