import { Link } from 'react-router';
import { Logo } from './Logo';
import { FOOTER_LINKS } from './nav';

export function Footer() {
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
        <p>&copy; {new Date().getFullYear()} Slotwise. Made in Australia.</p>
      </div>
    </footer>
  );
}
