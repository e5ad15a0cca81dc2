import { Badge, VisuallyHidden } from '@mantine/core';

/** A count beside a navigation entry (work waiting), with the sentence a screen reader reads instead; nothing at zero. */
export function NavCount({ count, label }: { count: number; label: string }) {
  if (!count) return null;
  return (
    <>
      <Badge size="sm" circle={count < 10} aria-hidden>
        {count}
      </Badge>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
