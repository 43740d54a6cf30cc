import type { AriaAttributes, ComponentType, HTMLAttributes, ReactNode } from 'react';
import { CheckIcon, type IconComponent } from '../Icons.tsx';
import { CardIcon, classes, Section } from '../Primitives.tsx';
import { useT } from '../../i18n/hooks.ts';
import type { Namespace } from '../../i18n/copy.ts';

// The blocks the marketing pages are built from: their titled sections, a call-to-action band, stat
// cards, icon cards and check lists. One module rather than five: home, about, guide and services use
// all of them, so they load as one chunk instead of five small ones.

/** One section of a page: where its heading and lead are in the page's copy, and what follows them. */
export interface CopySection {
  /** The section's id (its heading's is `<id>-title`). */
  id: string;
  /** The copy key whose `title` and `lead` head the section. */
  key: string;
  /** False for a section with no lead paragraph. */
  lead?: boolean;
  alt?: boolean;
  className?: string;
  Content: ComponentType;
}

/** What frames a section: its id, heading, lead and content (Section's props). */
interface FrameProps {
  id: string;
  title: string;
  lead?: string;
  alt?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A page's sections in order, each its heading and lead from the page's namespace `ns`, then its
 * content, in a Section unless the page has a `frame` of its own.
 */
export function CopySections({
  ns,
  sections,
  frame: Frame = Section,
}: {
  ns: Namespace;
  sections: readonly CopySection[];
  frame?: ComponentType<FrameProps>;
}) {
  const { t } = useT(ns);
  return sections.map(({ id, key, lead = true, Content, ...frame }) => (
    <Frame key={id} id={id} title={t(`${key}.title`)} lead={lead ? t(`${key}.lead`) : undefined} {...frame}>
      <Content />
    </Frame>
  ));
}

/**
 * The coloured call-to-action band that closes a page: its h2, one line of text and the links (the
 * first one primary). `lead="full"` lets the text run the band's width; `actions="row"` spaces the
 * links as a plain row.
 */
export function CtaBand({
  titleId,
  title,
  text,
  lead = 'narrow',
  actions = 'hero',
  children,
}: {
  titleId: string;
  title: string;
  text: string;
  lead?: 'narrow' | 'full';
  actions?: 'hero' | 'row';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="section">
      <div className="container">
        <div className="cta-band">
          <h2 id={titleId} className="section-title">
            {title}
          </h2>
          <p className={lead === 'narrow' ? 'section-lead mx-auto max-w-2xl' : 'section-lead'}>{text}</p>
          <div
            className={
              actions === 'hero' ? 'hero-actions justify-center' : 'mt-8 flex flex-wrap justify-center gap-3'
            }
          >
            {children}
          </div>
        </div>
      </div>
    </section>
  );
}

/** A figure and what it counts. */
interface Stat {
  value: string;
  label: string;
}

/** Key figures as stat cards (`stat-card` in styles.css); the grid's columns come from `className`. */
export function StatGrid({ items, className }: { items: readonly Stat[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((s) => (
        <li key={s.label} className="stat-card">
          <span className="stat-value">{s.value}</span>
          <span className="stat-label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

interface CardText {
  /** Classes of the card's h3 and paragraph, where a grid wants them smaller. */
  titleClassName?: string;
  textClassName?: string;
  /** The icon's size, when not its own default. */
  iconSize?: number;
}

/** A card led by an icon in a tinted square, with its h3 and a paragraph; `children` follow them. */
export function IconCard({
  icon,
  title,
  text,
  iconSize,
  titleClassName = 'card-title',
  textClassName = 'muted',
  children,
}: CardText & { icon: IconComponent; title: string; text: string; children?: ReactNode }) {
  return (
    <li className="card">
      <CardIcon icon={icon} size={iconSize} />
      <h3 className={titleClassName}>{title}</h3>
      <p className={textClassName}>{text}</p>
      {children}
    </li>
  );
}

/** A grid of icon cards, one per item, the icons taken in turn. */
export function IconCardGrid({
  items,
  icons,
  className,
  ...text
}: CardText & {
  items: readonly { title: string; text: string }[];
  icons: readonly [IconComponent, ...IconComponent[]];
  className: string;
}) {
  return (
    <ul className={className}>
      {items.map((item, i) => (
        <IconCard
          key={item.title}
          icon={icons[i % icons.length] ?? icons[0]}
          title={item.title}
          text={item.text}
          {...text}
        />
      ))}
    </ul>
  );
}

/** A list of short statements, each after a check mark (`check-list` in styles.css). */
export function CheckList({
  items,
  iconSize,
  className,
  itemProps,
  ...aria
}: {
  items: readonly string[];
  iconSize: number;
  /** More classes on the list (grid gaps, text size). */
  className?: string;
  /** Attributes every item carries (data attributes the tests find them by). */
  itemProps?: HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, boolean>;
} & Pick<AriaAttributes, 'aria-label' | 'aria-labelledby'>) {
  return (
    <ul {...aria} className={classes('check-list', className)}>
      {items.map((item) => (
        <li key={item} {...itemProps}>
          <CheckIcon width={iconSize} height={iconSize} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
