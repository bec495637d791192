/**
 * Slide-out drawers for narrow screens (under ~500px). Without JavaScript a drawer opens with CSS
 * :target (its toggle is a link to #id, its close link goes to #). With JavaScript the toggle opens it
 * (Enter or Space, like any button), focus moves in and stays in while it is open (Tab wraps around),
 * Escape or Close shuts it, and focus returns to the toggle. Above the breakpoint the same markup is an
 * ordinary column and the toggles are hidden.
 */
import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

interface DrawerState {
  openId: string | null;
  open: (id: string, toggle: HTMLElement) => void;
  close: (restoreFocus: boolean) => void;
}

const DrawerContext = createContext<DrawerState | null>(null);

export function DrawerProvider({ children }: { children: React.ReactNode }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const toggleRef = useRef<HTMLElement | null>(null);
  const location = useLocation();
  const open = useCallback((id: string, toggle: HTMLElement) => {
    toggleRef.current = toggle;
    setOpenId(id);
  }, []);
  const close = useCallback((restoreFocus: boolean) => {
    setOpenId(null);
    if (restoreFocus) toggleRef.current?.focus();
  }, []);
  // Following a link inside a drawer closes it.
  useEffect(() => setOpenId(null), [location.pathname]);
  return (
    <DrawerContext.Provider value={{ openId, open, close }}>
      {children}
      {openId ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => close(true)} /> : null}
    </DrawerContext.Provider>
  );
}

/** Space presses a link that acts as a button (role="button"), as it would a real button. */
function pressOnSpace(event: React.KeyboardEvent<HTMLAnchorElement>) {
  if (event.key === " ") {
    event.preventDefault();
    event.currentTarget.click();
  }
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside an open drawer: from the last control to the first and back. */
function trapTab(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export function DrawerToggle({ target, children }: { target: string; children: React.ReactNode }) {
  const state = useContext(DrawerContext);
  const expanded = state?.openId === target;
  return (
    <a
      href={`#${target}`}
      role="button"
      className="drawer-toggle"
      aria-controls={target}
      aria-expanded={expanded}
      onKeyDown={pressOnSpace}
      onClick={(event) => {
        if (!state) return;
        event.preventDefault();
        if (expanded) state.close(true);
        else state.open(target, event.currentTarget);
      }}
    >
      {children}
    </a>
  );
}

export function Drawer({
  id,
  side,
  labelledBy,
  children,
}: {
  id: string;
  side: "left" | "right";
  labelledBy: string;
  children: React.ReactNode;
}) {
  const state = useContext(DrawerContext);
  const isOpen = state?.openId === id;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isOpen) ref.current?.querySelector<HTMLElement>(".drawer__close")?.focus();
  }, [isOpen]);
  return (
    // Escape closes the drawer from anywhere inside it: a keyboard handler on the region, not a widget.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id={id}
      ref={ref}
      className={`drawer drawer--${side}`}
      data-open={isOpen ? "" : undefined}
      aria-labelledby={labelledBy}
      onKeyDown={(event) => {
        if (!isOpen) return;
        if (event.key === "Escape") {
          event.stopPropagation();
          state?.close(true);
        } else trapTab(event);
      }}
    >
      {/* A link so that it closes the :target drawer without JavaScript; a button with it (ADR 025). */}
      {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
      <a
        href="#"
        className="drawer__close"
        role="button"
        onKeyDown={pressOnSpace}
        onClick={(event) => {
          if (!state) return;
          event.preventDefault();
          state.close(true);
        }}
      >
        Close<span className="visually-hidden"> navigation</span>
      </a>
      {children}
    </section>
  );
}
