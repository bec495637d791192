/**
 * The layout check (docs/design.md, ADR 250): what axe cannot see, measured in the page as it is.
 * - no text box narrower than its longest word (the letter-per-line bug);
 * - the page never scrolls sideways;
 * - on a phone, every tap target is at least 44 x 44 px (WCAG 2.5.5; inline links inside a sentence
 *   are exempt, as WCAG exempts them);
 * - no form control keeps the browser's default look where the design styles its siblings;
 * - no amount split from its unit over two lines ("5.25" at a line's end, "km" on the next; ADR 285).
 * `layoutProblems` returns one readable line per problem; `expectGoodLayout` fails with the list. Both
 * measure once the page's style sheets have applied (`stylesApplied`): a spec that measures boxes itself
 * calls it first.
 */
import { expect, type Page } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Runs in the page: everything it needs is inside the function. */
export function measureLayout(phone: boolean): string[] {
  const problems: string[] = [];
  const describe = (el: Element) => {
    const text = (el.getAttribute("aria-label") || (el as HTMLElement).innerText || el.getAttribute("name") || "")
      .trim()
      .replace(/\s+/g, " ")
      .slice(0, 40);
    const cls =
      typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    return `<${el.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return false;
    // Visually hidden helpers (1 x 1 clip) are for screen readers only.
    if (rect.width <= 1 && rect.height <= 1) return false;
    // Off-screen until focused (the skip link).
    if (rect.right <= 0 || rect.bottom <= 0) return false;
    if (el.closest("[hidden], [aria-hidden='true'], .visually-hidden, details:not([open]) > :not(summary)"))
      return false;
    return true;
  };

  // 1. The page never scrolls sideways.
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => visible(el) && el.getBoundingClientRect().right > doc.clientWidth + 1)
      .filter((el) => {
        // Only the outermost offender of each branch that is not inside its own scroller.
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const ox = getComputedStyle(p).overflowX;
          if (ox === "auto" || ox === "scroll" || ox === "hidden" || ox === "clip") return false;
        }
        return true;
      })
      .slice(0, 3)
      .map(describe);
    problems.push(`page is ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window: ${culprits.join(", ")}`);
  }

  // 2. No text box narrower than its longest word.
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const narrow = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || narrow.has(parent) || !node.textContent || !/\S{2,}/.test(node.textContent)) continue;
    if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "OPTION"].includes(parent.tagName)) continue;
    if (!visible(parent)) continue;
    const style = getComputedStyle(parent);
    if (style.overflowWrap === "anywhere" && /\S{25,}/.test(node.textContent)) continue; // e-mails, URLs
    // Each word of the node must sit on one line: a word split over lines has several client rects.
    const text = node.textContent;
    // A break after a hyphen is ordinary typography ("1795-3375"), not a word split letter by letter.
    const words = text.matchAll(/[^\s-]+/g);
    for (const word of words) {
      if (word[0].length < 2 || word[0].length > 24) continue;
      range.setStart(node, word.index!);
      range.setEnd(node, word.index! + word[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const tops = new Set(rects.map((r) => Math.round(r.top)));
      if (tops.size > 1) {
        narrow.add(parent);
        const box = parent.getBoundingClientRect();
        problems.push(`${describe(parent)} is ${Math.round(box.width)}px wide and breaks the word "${word[0]}"`);
        break;
      }
    }
  }

  // 3. Tap targets on a phone.
  if (phone) {
    const targets = document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], label:has(> input[type=radio]), label:has(> input[type=checkbox])",
    );
    for (const el of targets) {
      if (!visible(el)) continue;
      // A radio or check box counts by its label when the label is the target (it is, when it wraps it).
      if (el.matches("input[type=radio], input[type=checkbox]") && el.closest("label")) continue;
      if (
        el.matches("input[type=radio], input[type=checkbox]") &&
        el.id &&
        document.querySelector(`label[for="${el.id}"]`)
      )
        continue;
      // Links inside running text are exempt (WCAG 2.5.5 "inline").
      if (el.tagName === "A") {
        const display = getComputedStyle(el).display;
        const block = el.parentElement;
        if (
          display === "inline" &&
          block &&
          (block.innerText || "").trim().length > (el as HTMLElement).innerText.trim().length + 1
        )
          continue;
      }
      const rect = el.getBoundingClientRect();
      if (rect.width < 43.5 || rect.height < 43.5)
        problems.push(`${describe(el)} is a ${Math.round(rect.width)}x${Math.round(rect.height)}px tap target`);
    }
  }

  // 4. No control keeps the browser's default look beside styled siblings. A styled control has a
  // rounded corner or no border; the browser's own text inputs, selects, fieldsets, file and colour
  // inputs have square 2px (inset/outset/groove) or 1px square borders.
  const unstyled = (el: Element) => {
    const s = getComputedStyle(el);
    if (el.tagName === "FIELDSET") return s.borderStyle === "groove" && s.borderTopWidth !== "0px";
    if (el.matches("input[type=file]")) {
      // The file input's own button is a shadow part: styled when ::file-selector-button is.
      const button = getComputedStyle(el, "::file-selector-button");
      return (
        button.borderTopLeftRadius === "0px" ||
        button.borderStyle === "outset" ||
        button.backgroundColor === "rgb(239, 239, 239)" ||
        button.backgroundColor === "rgb(233, 233, 237)"
      );
    }
    if (el.matches("input[type=color]")) return s.borderStyle !== "none" && s.borderTopLeftRadius === "0px";
    if (el.matches("input[type=radio], input[type=checkbox]")) return false;
    return s.borderTopLeftRadius === "0px" && s.borderTopStyle !== "none" && s.borderTopWidth !== "0px";
  };
  const controls = [
    ...document.querySelectorAll("form input:not([type=hidden]), form select, form textarea, fieldset"),
  ];
  const styledSomewhere = controls.some((el) => visible(el) && !unstyled(el));
  if (styledSomewhere)
    for (const el of controls)
      if (visible(el) && unstyled(el)) problems.push(`${describe(el)} keeps the browser's default look`);

  // 5. An amount stays on one line with its unit (ADR 285): "12.5 km", "£0.50 per km". The units are the
  // presets' (app/features/progress/progress.ts) and a money rate's "per"; not minutes and hours, which
  // prose uses for durations ("wait 15 minutes"), nor a custom unit, whose name is free text.
  const amounts = /([£$€]?\d[\d,.]*)(\s+)(km|miles?|steps?|sessions|pages|per)(?![\p{L}-])/gu;
  const split = new Set<Element>();
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const parent = node.parentElement;
    if (!parent || split.has(parent) || !node.textContent || !/\d\s/.test(node.textContent)) continue;
    if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "OPTION", "TEXTAREA"].includes(parent.tagName)) continue;
    if (!visible(parent)) continue;
    for (const match of node.textContent.matchAll(amounts)) {
      // The amount's last digit and the unit's first letter: on different lines when the line broke between.
      const top = (at: number) => {
        range.setStart(node!, at);
        range.setEnd(node!, at + 1);
        const rect = [...range.getClientRects()].find((r) => r.width > 0);
        return rect ? Math.round(rect.top) : null;
      };
      const digit = match.index! + match[1]!.length - 1;
      const before = top(digit);
      const after = top(digit + 1 + match[2]!.length);
      if (before !== null && after !== null && before !== after) {
        split.add(parent);
        problems.push(`${describe(parent)} splits "${match[1]} ${match[3]}" over two lines`);
        break;
      }
    }
  }

  return problems;
}

/**
 * Resolves once the document has been parsed and every `<link rel="stylesheet">` in it has loaded (its
 * `sheet` is there), at once when they have. Measured before, under CI load, an unstyled page is what is
 * measured: the bare preview table 541 px wide at 390 px, the organiser's tools 836 px lower (session 19).
 * A sheet that never loads fails here, by name, rather than as a wrong box.
 */
export async function stylesApplied(page: Page) {
  const pending = () =>
    page.evaluate(() =>
      document.readyState === "loading"
        ? ["the document (still loading)"]
        : [...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')]
            .filter((link) => !link.sheet && !link.disabled)
            .map((link) => link.href),
    );
  await expect.poll(pending, { message: "style sheets not applied", intervals: [50, 100, 250] }).toEqual([]);
}

/** The problems on the page at its current size. */
export async function layoutProblems(page: Page): Promise<string[]> {
  const phone = (page.viewportSize()?.width ?? 1280) < 600;
  await stylesApplied(page);
  return page.evaluate(measureLayout, phone);
}

/**
 * Checks the page at a phone's width (390) and a desktop's (1280), then puts the window back as it was.
 * The page is not reloaded: what is measured is what the user sees right now, at each width.
 */
export async function expectGoodLayout(page: Page, widths = [PHONE, DESKTOP]) {
  const before = page.viewportSize();
  const found: string[] = [];
  for (const size of widths) {
    await page.setViewportSize(size);
    for (const problem of await layoutProblems(page))
      found.push(`${size.width}px ${new URL(page.url()).pathname}: ${problem}`);
  }
  if (before) await page.setViewportSize(before);
  expect(found, "layout problems (docs/design.md, the layout check)").toEqual([]);
}
