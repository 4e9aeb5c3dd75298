import { type ReactNode } from 'react';
import { Card, CardBody, CardHeader, cx } from '@slotwise/ui';

/** A settings section: a card named by its header (its title and description). */
export function SectionCard({
  id,
  title,
  description,
  bodyClassName,
  children,
}: {
  /** The header's id, which names the section. */
  id: string;
  title: string;
  description: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id}>
      <CardBody className={cx('sw-stack', bodyClassName)}>
        <div id={id}>
          <CardHeader title={title} description={description} />
        </div>
        {children}
      </CardBody>
    </Card>
  );
}
