import { type ReactNode } from 'react';
import { Card, CardBody } from '@slotwise/ui';

/** The sign-in pages' one card in a narrow column, under the page's heading when it has one. */
export function AuthCard({
  title,
  lead,
  bodyClassName,
  children,
}: {
  title?: string;
  lead?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="sw-page">
      <div className="sw-container shell-auth">
        {title && (
          <div className="shell-auth__intro">
            <h1>{title}</h1>
            <p>{lead}</p>
          </div>
        )}
        <Card>
          <CardBody className={bodyClassName}>{children}</CardBody>
        </Card>
      </div>
    </div>
  );
}
