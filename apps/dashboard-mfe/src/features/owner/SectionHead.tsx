import { type ReactNode } from 'react';
import { CardHeader } from '@slotwise/ui';

/** A card's heading row: title and description, with its actions beside them. */
export function SectionHead({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="dash-section-head">
      <CardHeader title={title} description={description} />
      {children}
    </div>
  );
}
