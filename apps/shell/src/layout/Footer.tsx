import { Link } from 'react-router';
import { Logo } from './Logo';
import { FOOTER_LINKS } from './nav';
import { useRenderYear } from '../server-render/state';

export function Footer() {
  // The server's year on a server-rendered page, so server and browser draw the same footer.
  const year = useRenderYear();
  return (
    <footer className="shell-footer">
      <div className="sw-container shell-footer__inner">
        <div className="shell-footer__brand">
          <Logo />
          <p className="shell-footer__tagline">Easy appointment scheduling for small businesses</p>
        </div>
        <nav aria-label="Footer">
          <ul className="shell-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="sw-container shell-footer__legal">
        <p>&copy; {year} Slotwise. Made in Australia.</p>
      </div>
    </footer>
  );
}
