/** The Goals with Friends mark and wordmark. */
export function Logo({ withText = true }: { withText?: boolean }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--brand)" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
        <circle cx="16" cy="16" r="3.5" fill="#fff" />
      </svg>
      {withText ? <span className="logo__text">Goals with Friends</span> : null}
    </span>
  );
}
