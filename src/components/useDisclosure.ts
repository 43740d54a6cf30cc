import { useEffect, useRef } from 'react';

/**
 * Adds the expected keyboard and pointer behaviour to a native `<details>` disclosure (which already
 * opens with Enter/Space and works without JavaScript): Escape closes it and returns focus to its
 * summary, a click outside or on one of its links closes it.
 */
export function useDisclosure<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (refocus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (refocus) details.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest('a')) close(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !details.contains(event.relatedTarget as Node)) close(false);
    };
    details.addEventListener('keydown', onKey);
    details.addEventListener('click', onClick);
    details.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      details.removeEventListener('keydown', onKey);
      details.removeEventListener('click', onClick);
      details.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);
  return ref;
}
