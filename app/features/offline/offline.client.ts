/**
 * The page's side of working offline (ADR 226, 227), loaded after hydration in one chunk with the notice
 * that shows it (PageServices, ADR 229) and started by that notice:
 * - registers the service worker once the page has loaded (the first visit is not slowed by it);
 * - a log form sent while offline (any form with intent "log-entry" and a key: the goal screen's, the
 *   quick log on /main) is kept in IndexedDB with its idempotency key instead of failing, and the form is
 *   cleared for the next entry under a new key;
 * - waiting entries are sent on `online`, on every visit, and by Background Sync in the worker;
 * - a signed-out page clears the device: saved pages and queue (ADR 226).
 */
import { newId } from "#app/lib/ids";
import { clearDevice, dismissEntry, flush, queueEntry, queuedEntries, SYNC_TAG, type QueuedEntry } from "./queue";

export interface OfflineState {
  entries: QueuedEntry[];
  /** When the page on screen was saved, when it came from the service worker's copy. */
  savedAt: number | null;
  online: boolean;
}

let state: OfflineState = { entries: [], savedAt: null, online: true };
let account: string | null = null;
let started = false;
const listeners = new Set<(state: OfflineState, synced: boolean) => void>();

function set(next: Partial<OfflineState>, synced = false) {
  state = { ...state, ...next };
  for (const listener of listeners) listener(state, synced);
}

export function subscribe(listener: (state: OfflineState, synced: boolean) => void) {
  listeners.add(listener);
  listener(state, false);
  return () => void listeners.delete(listener);
}

async function refresh(synced = false) {
  set({ entries: account ? await queuedEntries(account) : [] }, synced);
}

let sending = false;
/** Sends this account's waiting entries; `synced` tells the page to reload its figures. */
export async function send() {
  if (!account || sending) return;
  sending = true;
  try {
    const before = state.entries.filter((e) => e.status === "waiting").length;
    const result = before ? await flush(account) : "done";
    await refresh(before > 0);
    if (result === "later") retryWhenDue();
  } finally {
    sending = false;
  }
}

let retry: ReturnType<typeof setTimeout> | undefined;
/** Held back by the write limit (ADR 238): sent again when the app said, while this page is open. */
function retryWhenDue() {
  const until = Math.max(0, ...state.entries.map((e) => e.heldUntil ?? 0));
  clearTimeout(retry);
  retry = setTimeout(() => void send(), Math.max(1000, until - Date.now()));
}

export async function dismiss(key: string) {
  await dismissEntry(key);
  await refresh();
}

/** The page was rendered again from the network: no longer the saved copy. */
export function fresh() {
  set({ savedAt: null });
}

/**
 * The goal an entry is for: the quick log on /main sends it as its `goal` field, the goal screen's form
 * says it in data-goal-id (or its action, /active/{id}).
 */
function goalIdOf(form: HTMLFormElement, data: FormData): string | null {
  const picked = data.get("goal");
  if (typeof picked === "string" && picked) return picked;
  return form.dataset.goalId ?? new URL(form.action, location.href).pathname.match(/^\/active\/([^/]+)$/)?.[1] ?? null;
}

/** Clears what the member typed for the next entry; the day goes back to its default, the goal stays picked. */
function clearEntry(form: HTMLFormElement) {
  for (const input of form.querySelectorAll<HTMLInputElement>("input:not([type=hidden])")) {
    input.value = input.name === "day" ? input.defaultValue : "";
  }
}

/** Keeps a log form's entry on the device (ADR 227); false when it is not a log form the queue can name. */
function keep(form: HTMLFormElement, data: FormData): boolean {
  const key = data.get("key");
  const goalId = goalIdOf(form, data);
  if (!account || data.get("intent") !== "log-entry" || typeof key !== "string" || !goalId) return false;
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const entry: QueuedEntry = {
    key,
    account,
    goalId,
    // The form names its goal and unit in data-goal-name and data-unit (the quick log: the goal picked).
    goalName: form.dataset.goalName ?? "",
    unit: form.dataset.unit ?? "",
    amount: text("amount"),
    day: text("day"),
    note: text("note"),
    ...(text("sport") ? { sport: text("sport") } : {}),
    queuedAt: Date.now(),
    status: "waiting",
  };
  void queueEntry(entry).then(async () => {
    clearEntry(form);
    // The next entry is another entry: a new key (the page's own key is for the one just kept).
    const keyField = form.querySelector<HTMLInputElement>('input[name="key"]');
    if (keyField) keyField.value = newId();
    await refresh();
    // Back online meanwhile (a form handed over by keepOnceStarted): send it now.
    if (navigator.onLine) return void send();
    const registration = await navigator.serviceWorker?.ready;
    await (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync
      ?.register(SYNC_TAG)
      .catch(() => {});
  });
  return true;
}

function onSubmit(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  if (navigator.onLine || !account) return;
  // Ours from here: Remix never sees it (this listener runs before React's, on the window).
  if (!keep(form, new FormData(form, event.submitter))) return;
  event.preventDefault();
  event.stopPropagation();
}

let markStarted = () => {};
const ready = new Promise<void>((resolve) => (markStarted = resolve));

/**
 * A log form sent offline before this module had started (it loads after hydration, so a tap on Save
 * right after the page appeared came first): the form hands its entry over here, and it is kept as soon
 * as the signed-in account is known. Without this the submit went to the network and failed into the
 * error screen (the flaky offline e2e test, ADR 229).
 */
export async function keepOnceStarted(form: HTMLFormElement, data: FormData) {
  await ready;
  keep(form, data);
}

function askSavedAt() {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => {
    const savedAt = (event.data as { savedAt: number | null }).savedAt;
    if (savedAt) set({ savedAt });
  };
  worker.postMessage({ type: "saved-at" }, [channel.port2]);
}

export function start(currentAccount: string | null) {
  account = currentAccount;
  markStarted();
  // Signed out (the Sign Out button, an expired session, JavaScript off when signing out): nothing of
  // any account stays on the device, neither its saved pages nor its queue (ADR 226).
  if (!currentAccount) void clearDevice();
  if (started) return void refresh();
  started = true;
  set({ online: navigator.onLine });
  window.addEventListener("submit", onSubmit, true);
  window.addEventListener("online", () => {
    set({ online: true });
    void send();
  });
  window.addEventListener("offline", () => set({ online: false }));
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", (event) => {
      const data = event.data as { type?: string; savedAt?: number } | null;
      if (data?.type === "saved-copy" && data.savedAt) set({ savedAt: data.savedAt });
      if (data?.type === "queue-changed") void refresh(true);
    });
    askSavedAt();
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
  // The next visit retries what an earlier one could not send.
  void refresh().then(() => (navigator.onLine ? send() : undefined));
}
