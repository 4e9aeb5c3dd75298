import { type RefObject, useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon, buttonClassName } from '@slotwise/ui';
import { useCurrentMembership } from '../session/current-membership';
import { HEADER_LINKS, type NavItem } from './nav';
import { MEMBER_LINKS, TESTING_TOOLS_LINKS, linksFor } from './member-nav';
import { MemberIdentity } from './MemberIdentity';
import { UserAvatar } from './UserAvatar';

interface MobileDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Focus goes back here when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** The signed-in member's email, or null for visitors. */
  email: string | null;
  onSignOut: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/** A list of the drawer's links; following one closes the drawer. */
function DrawerLinks({ links, onClose }: { links: readonly NavItem[]; onClose: () => void }) {
  return (
    <ul className="shell-drawer__list sw-list">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className="shell-drawer__link" onClick={onClose}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Modal navigation for narrow screens: focus moves in, stays in (Tab wraps), Escape closes. */
export default function MobileDrawer({
  id,
  open,
  onClose,
  returnFocusTo,
  email,
  onSignOut,
}: MobileDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // The member's role and business (undefined for visitors and while it loads), asked here so
  // that visitors' first load carries none of the role logic.
  const membership = useCurrentMembership();

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const returnTarget = returnFocusTo.current;
    panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      returnTarget?.focus();
    };
  }, [open, onClose, returnFocusTo]);

  if (!open) return null;
  // Visitors see every tool (the pages ask them to sign in); a member sees what their role allows.
  const tools = linksFor(TESTING_TOOLS_LINKS, email ? membership?.role : 'visitor');
  return (
    <div className="shell-drawer">
      <div className="shell-drawer__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        id={id}
        ref={panelRef}
        className="shell-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
      >
        <div className="shell-drawer__top">
          <span className="shell-drawer__title">Menu</span>
          <button
            type="button"
            className={buttonClassName({ variant: 'ghost', size: 'icon' })}
            onClick={onClose}
            aria-label="Close menu"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Main">
          <DrawerLinks links={HEADER_LINKS} onClose={onClose} />
        </nav>
        {email ? (
          <section className="shell-drawer__section" aria-labelledby={`${id}-account`}>
            <h2 id={`${id}-account`} className="sw-visually-hidden">
              Account
            </h2>
            <div className="shell-drawer__account">
              <UserAvatar email={email} />
              <div>
                <MemberIdentity as="p" email={email} membership={membership} />
              </div>
            </div>
            <DrawerLinks links={linksFor(MEMBER_LINKS, membership?.role)} onClose={onClose} />
            <button
              type="button"
              className={buttonClassName({
                variant: 'secondary',
                block: true,
                className: 'shell-drawer__signin',
              })}
              onClick={() => {
                onClose();
                onSignOut();
              }}
            >
              Log out
            </button>
          </section>
        ) : (
          <NavLink
            to="/auth"
            className={buttonClassName({ block: true, className: 'shell-drawer__signin' })}
            onClick={onClose}
          >
            Sign In
          </NavLink>
        )}
        {tools.length > 0 && (
          <section className="shell-drawer__section" aria-labelledby={`${id}-tools`}>
            <h2 id={`${id}-tools`} className="shell-drawer__section-title">
              Testing Tools
            </h2>
            <DrawerLinks links={tools} onClose={onClose} />
          </section>
        )}
      </div>
    </div>
  );
}
