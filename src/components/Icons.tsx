// Small inline SVG icons (decorative unless labelled by their parent), drawn on a 24px grid with a
// 2px stroke. Every icon of the site, here and in BrandIcons.tsx, home/HomeIcons.tsx and
// blog/ShareButton.tsx, is made by `icon()` around the one <svg> wrapper below. The icons here are the
// ones the app's shell draws (header, theme, language, status screens) and a few small ones many
// pages share: this module is part of the JavaScript every page loads first.
import { createElement, type ReactElement, type ReactNode, type SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => ReactNode;

/** The one <svg> element: the site's icon defaults, then what the icon and its caller set. */
function Svg(props: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

/**
 * An icon component from its drawing (one shape or a list), with its own defaults (size, fill) that
 * callers may override. The shapes are the <svg>'s children as written, so they need no keys.
 */
// Marked free of side effects so that bundlers drop the icons nobody imports.
/* @__NO_SIDE_EFFECTS__ */
export function icon(drawing: ReactElement | ReactElement[], defaults?: IconProps): IconComponent {
  const shapes = Array.isArray(drawing) ? drawing : [drawing];
  return (props) => createElement(Svg, { ...defaults, ...props }, ...shapes);
}

export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);
export const ChevronDown = icon(<path d="M6 9l6 6 6-6" />);
export const CheckIcon = icon(<path d="M20 6L9 17l-5-5" />);
export const SunIcon = icon([
  <circle cx="12" cy="12" r="4" />,
  <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />,
]);
export const MoonIcon = icon(<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />);
export const MonitorIcon = icon([
  <rect x="2" y="3" width="20" height="14" rx="2" />,
  <path d="M8 21h8M12 17v4" />,
]);
export const ShieldIcon = icon([
  <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />,
  <path d="M9 12l2 2 4-4" />,
]);
export const BotIcon = icon([
  <rect x="3" y="8" width="18" height="12" rx="2" />,
  <path d="M12 8V4M8 14h.01M16 14h.01M9 4h6" />,
]);
export const LockIcon = icon([
  <rect x="4" y="11" width="16" height="10" rx="2" />,
  <path d="M8 11V7a4 4 0 0 1 8 0v4" />,
]);
export const MailIcon = icon([<rect x="3" y="5" width="18" height="14" rx="2" />, <path d="M3 7l9 6 9-6" />]);
export const ArrowRight = icon(<path d="M5 12h14M13 6l6 6-6 6" />);
export const ArrowLeft = icon(<path d="M19 12H5M11 18l-6-6 6-6" />);
export const SparkIcon = icon([
  <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />,
  <path d="M19 17l.8 2.2L22 20l-2.2.8L19 23l-.8-2.2L16 20l2.2-.8z" />,
]);
