/**
 * Toasts (docs/design.md, ADR 252): the outcome of an action, in the viewport where the member is
 * looking, announced politely once, gone after a few seconds. An undoable delete waits out its toast
 * before it is sent; leaving the page sends it at once.
 */
import { useSyncExternalStore } from "react";
import { useHydrated } from "./hooks/useHydrated";

interface Toast {
  id: number;
  message: string;
  action?: { label: string; run: () => void };
}

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows `message` for `ms` milliseconds (replacing any toast shown before). */
export function showToast(message: string, ms = 4000, action?: Toast["action"]): number {
  const id = nextId++;
  current = { id, message, action };
  emit();
  setTimeout(() => hideToast(id), ms);
  return id;
}

export function hideToast(id: number) {
  if (current?.id !== id) return;
  current = null;
  emit();
}

/** Undo windows still open: sent at once when the page goes away. */
const pending = new Map<string, () => void>();
if (typeof window !== "undefined") window.addEventListener("pagehide", () => [...pending.values()].forEach((f) => f()));

/** How long a delete can be undone. */
export const UNDO_MS = 5000;

/**
 * An action the member can take back for a few seconds: `hide` runs now (the item leaves the screen),
 * `commit` when the toast's time is up (or the page goes away); Undo runs `restore` instead.
 */
export function undoable({
  key,
  message,
  hide,
  restore,
  commit,
}: {
  key: string;
  message: string;
  hide: () => void;
  restore: () => void;
  commit: () => void;
}) {
  let settled = false;
  const send = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    pending.delete(key);
    commit();
  };
  const timer = setTimeout(send, UNDO_MS);
  pending.set(key, send);
  hide();
  showToast(message, UNDO_MS, {
    label: "Undo",
    run: () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      pending.delete(key);
      restore();
      showToast("Undone: nothing was deleted.", 3000);
    },
  });
}

/** Posts a form the way the page would, answered in place (no flash for another page). */
export async function postInPlace(action: string, fields: Record<string, string>): Promise<boolean> {
  const body = new URLSearchParams({ ...fields, answer: "toast" });
  try {
    const response = await fetch(action, { method: "POST", body, keepalive: true, credentials: "same-origin" });
    return response.ok;
  } catch {
    return false;
  }
}

/** The toast itself: one polite status region, present once JavaScript runs (without it, no toasts). */
export function ToastRegion() {
  const hydrated = useHydrated();
  const toast = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  if (!hydrated) return null;
  return (
    <div className="toast-region" role="status" data-testid="toast">
      {toast ? (
        <div className="toast" key={toast.id}>
          <span>{toast.message}</span>
          {toast.action ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                hideToast(toast.id);
                toast.action!.run();
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
