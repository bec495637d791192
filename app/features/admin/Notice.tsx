/** The outcome of an admin action: a polite status when it worked, an alert when it did not. */
export function ActionNotice({ result }: { result?: { ok: boolean; message: string } | null }) {
  if (!result?.message) return null;
  return result.ok ? (
    <p className="notice" role="status">
      {result.message}
    </p>
  ) : (
    <p className="form-error" role="alert">
      {result.message}
    </p>
  );
}
