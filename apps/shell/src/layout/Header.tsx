import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { MenuIcon, buttonClassName } from '@slotwise/ui';
import { Logo } from './Logo';
import { HEADER_LINKS } from './nav';
import { UserAvatar } from './UserAvatar';
import { useSessionState } from '../session/session-store';
import { useSignOut } from '../session/useSignOut';

// The menu's Radix code only loads for signed-in members, and the phone drawer when it is opened:
// neither is part of what a first page view downloads.
const UserMenu = lazy(() => import('./UserMenu'));
const MobileDrawer = lazy(() => import('./MobileDrawer'));

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { status, session } = useSessionState();
  const signOut = useSignOut();

  // Any navigation (links, back button) closes the drawer; adjusting state during render avoids
  // an extra effect pass.
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  return (
    <>
      <header className="shell-header">
        <div className="sw-container shell-header__inner">
          <Logo />
          <nav className="shell-header__nav" aria-label="Main">
            <ul>
              {HEADER_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="shell-header__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="shell-header__actions">
            {session ? (
              <div className="shell-user">
                <Suspense
                  fallback={
                    <span className="shell-user__trigger">
                      <UserAvatar email={session.user.email} />
                    </span>
                  }
                >
                  <UserMenu email={session.user.email} onSignOut={() => void signOut()} />
                </Suspense>
              </div>
            ) : (
              <NavLink
                to="/auth"
                className={buttonClassName({ className: 'shell-header__signin' })}
                // Hidden, not removed, while the session loads: no flash of 'Sign In' for owners.
                style={status === 'loading' ? { visibility: 'hidden' } : undefined}
              >
                Sign In
              </NavLink>
            )}
            <button
              ref={menuButtonRef}
              type="button"
              className={buttonClassName({
                variant: 'ghost',
                size: 'icon',
                className: 'shell-header__menu',
              })}
              aria-expanded={menuOpen}
              aria-controls="shell-mobile-menu"
              aria-label="Open menu"
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </button>
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would trap a fixed-position drawer in its box. */}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileDrawer
            id="shell-mobile-menu"
            open
            onClose={closeMenu}
            returnFocusTo={menuButtonRef}
            email={session?.user.email ?? null}
            onSignOut={() => void signOut()}
          />
        </Suspense>
      )}
    </>
  );
}
