/** A small pizza mark used next to the brand name. Decorative. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="currentColor" />
      <circle cx="32" cy="32" r="22" fill="#f4c542" />
      <circle cx="24" cy="26" r="4" fill="currentColor" />
      <circle cx="40" cy="24" r="4" fill="currentColor" />
      <circle cx="36" cy="40" r="4" fill="currentColor" />
      <circle cx="22" cy="40" r="3" fill="#3d7a3a" />
    </svg>
  );
}
