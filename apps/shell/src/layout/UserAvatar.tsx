/** The owner's initial in a circle (the header's user-menu button and the drawer's account row). */
export function UserAvatar({ email }: { email: string }) {
  return (
    <span className="shell-user__avatar" aria-hidden="true">
      {(email.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
