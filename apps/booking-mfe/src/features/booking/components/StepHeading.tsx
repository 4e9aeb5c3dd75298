import { type ReactNode, useEffect, useRef } from 'react';

interface StepHeadingProps {
  id: string;
  className: string;
  /** Move focus here on mount: after each step change, for keyboard and screen-reader users. */
  focus: boolean;
  children: ReactNode;
}

export function StepHeading({ id, className, focus, children }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 id={id} className={className} ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}
