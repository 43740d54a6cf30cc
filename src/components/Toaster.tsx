import 'sonner/dist/styles.css';
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import type { Theme } from '../lib/preferences.ts';

/** The lazily loaded sonner toaster: bottom right, 4.5 s, coloured by kind, with a close button. */
export default function Toaster({
  label,
  theme,
  onReady,
}: {
  label: string;
  theme: Theme;
  onReady: () => void;
}) {
  // Children's effects run before this one: sonner is subscribed when onReady fires.
  useEffect(() => onReady(), [onReady]);
  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      visibleToasts={3}
      duration={4500}
      containerAriaLabel={label}
      theme={theme}
      richColors
      closeButton
    />
  );
}
