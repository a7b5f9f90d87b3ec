import { type ReactNode, useState } from 'react';

/**
 * How many times `on` has turned true (0 before the first time). The count changes in the very render where
 * `on` does, so a `key` built from it gives the children a new mount in that render, never one render late.
 */
export function useTimesOn(on: boolean): number {
  const [seen, setSeen] = useState({ on, count: 0 });
  if (seen.on !== on) {
    // React's "information from the previous render" pattern: this render is redone with the new state.
    const next = { on, count: seen.count + (on ? 1 : 0) };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}

/**
 * A form dialog mounted anew on every opening, so it starts from the record it opens for. antd keeps a form's
 * values in the `Form.useForm()` store of the component that calls it, which outlives the Modal's
 * `destroyOnHidden` and a cancel: without this, 处理 for the next person opened with the previous person's
 * typed note, and a note could be saved on the wrong record. A new mount also drops the previous opening's
 * mutation and watched state. Closing keeps the same instance, so the close animation still plays.
 */
export function freshOnOpen<P extends { open: boolean }>(Dialog: (props: P) => ReactNode) {
  function FreshOnOpen(props: P) {
    const opening = useTimesOn(props.open);
    return <Dialog key={opening} {...props} />;
  }
  FreshOnOpen.displayName = `FreshOnOpen(${Dialog.name || 'Dialog'})`;
  return FreshOnOpen;
}
