// Decorative icons used by the home, about and AI Act pages, in the style of ../Icons.tsx and made
// with its `icon()`, one size up (22px). Kept apart so that pages without them do not load them.
import type { ReactElement } from 'react';
import { icon } from '../Icons.tsx';

/* @__NO_SIDE_EFFECTS__ */
function large(drawing: ReactElement | ReactElement[]) {
  return icon(drawing, { width: 22, height: 22 });
}

export const QuoteIcon = large(<path d="M7 7h4v4c0 3-1.5 5-4 6M15 7h4v4c0 3-1.5 5-4 6" />);
export const ChartIcon = large([<path d="M3 3v18h18" />, <path d="M7 15l4-4 3 3 6-7" />]);
export const CodeIcon = large(<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 4l-3 16" />);
export const GaugeIcon = large([
  <path d="M4 18a9 9 0 1 1 16 0" />,
  <path d="M12 14l4-5" />,
  <circle cx="12" cy="15" r="1.5" />,
]);
export const CalendarIcon = large([
  <rect x="3" y="5" width="18" height="16" rx="2" />,
  <path d="M3 10h18M8 3v4M16 3v4M8 14h3M8 17h6" />,
]);
export const MegaphoneIcon = large([
  <path d="M3 11v2a1 1 0 0 0 1 1h3l7 5V5L7 10H4a1 1 0 0 0-1 1z" />,
  <path d="M18 8a5 5 0 0 1 0 8" />,
]);
export const TrophyIcon = large([
  <path d="M8 4h8v5a4 4 0 0 1-8 0z" />,
  <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6" />,
]);
export const RocketIcon = large([
  <path d="M5 15c-1.5 1.5-2 4-2 6 2 0 4.5-.5 6-2" />,
  <path d="M9 15l-3-3c1.5-4.5 5-9 12-9 0 7-4.5 10.5-9 12z" />,
  <circle cx="14.5" cy="9.5" r="1.5" />,
]);
export const UsersIcon = large([
  <circle cx="9" cy="8" r="3.5" />,
  <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />,
  <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />,
]);
export const TargetIcon = large([
  <circle cx="12" cy="12" r="9" />,
  <circle cx="12" cy="12" r="5" />,
  <circle cx="12" cy="12" r="1" />,
]);
export const GlobeIcon = large([
  <circle cx="12" cy="12" r="9" />,
  <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />,
]);
export const BookIcon = large([
  <path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2z" />,
  <path d="M4 19V5M8 7h8M8 11h6" />,
]);
export const ClockIcon = large([<circle cx="12" cy="12" r="9" />, <path d="M12 7v5l3 2" />]);
export const FileIcon = large([
  <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />,
  <path d="M14 3v6h6M8 13h8M8 17h5" />,
]);
export const ScaleIcon = large(
  <path d="M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0zM19 7l-3 7a3 3 0 0 0 6 0z" />,
);
