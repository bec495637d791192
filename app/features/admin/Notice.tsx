/**
 * The outcome of an admin action, as its action answered it (formDone's `notice`, formRefused's `error`,
 * app/platform/http/form-answer.server.ts): a polite status when it worked, an alert when it did not.
 */
export function ActionNotice({ result }: { result?: object | null }) {
  const said = (result ?? {}) as { notice?: unknown; error?: unknown };
  if (typeof said.notice === "string" && said.notice)
    return (
      <p className="notice" role="status">
        {said.notice}
      </p>
    );
  if (typeof said.error === "string" && said.error)
    return (
      <p className="form-error" role="alert">
        {said.error}
      </p>
    );
  return null;
}
