/**
 * The Nu HTML checker (vnu.jar from the vnu-jar package, run with the machine's Java) over the HTML
 * exactly as the server sent it: streamed scripts and all, which a browser's DOM would have tidied.
 * One Java start per call: collect the pages first, then check them together.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const vnuJar = join(dirname(createRequire(import.meta.url).resolve("vnu-jar")), "build/dist/vnu.jar");

export interface Page {
  /** What the page is, for the failure message: "GET /main" or "POST /signin (wrong password)". */
  name: string;
  html: string;
}

/** Every error the checker reports, as "page line:column message"; [] when all pages are valid. */
export function htmlErrors(pages: Page[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "gwf-vnu-"));
  try {
    const files = pages.map((page, i) => {
      const file = join(dir, `page-${i}.html`);
      writeFileSync(file, page.html);
      return file;
    });
    const run = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", "--stdout", ...files], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error) throw new Error(`Could not run java (the Nu checker needs a JRE): ${run.error.message}`);
    const report = JSON.parse(run.stdout) as {
      messages: {
        type: string;
        url?: string;
        message: string;
        lastLine?: number;
        lastColumn?: number;
        extract?: string;
      }[];
    };
    return report.messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => {
        const index = files.findIndex((f) => m.url?.endsWith(f));
        const where = index >= 0 ? pages[index].name : (m.url ?? "?");
        return `${where} ${m.lastLine ?? "?"}:${m.lastColumn ?? "?"} ${m.message}${m.extract ? ` [${m.extract}]` : ""}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
