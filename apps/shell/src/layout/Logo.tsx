import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="shell-logo" aria-label="Slotwise home">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 11h14M9 16h9M9 21h5" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="22" cy="21" r="3" fill="#7fd1cf" />
      </svg>
      <span className="shell-logo__text">Slotwise</span>
    </Link>
  );
}
