import { describe, expect, it } from "vitest";
import { closeDocumentLast } from "#app/server/document-end.server";

const encoder = new TextEncoder();

async function through(chunks: string[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(closeDocumentLast(source)).text();
}

describe("closing the document after the streamed scripts", () => {
  it("moves </body></html> after everything streamed behind it", async () => {
    const html = await through([
      "<html><body><main>Hi</main></body></html>",
      "<script>a()</script>",
      "<script>b()</script>",
    ]);
    expect(html).toBe("<html><body><main>Hi</main><script>a()</script><script>b()</script></body></html>");
  });

  it("finds the tags when a chunk boundary splits them, wherever it falls", async () => {
    const whole = "<html><body><p>x</p></body></html><script>late()</script>";
    const expected = "<html><body><p>x</p><script>late()</script></body></html>";
    for (let cut = 1; cut < whole.length; cut++)
      expect(await through([whole.slice(0, cut), whole.slice(cut)]), `cut at ${cut}`).toBe(expected);
  });

  it("leaves a stream without the closing tags as it was, and moves only the first", async () => {
    expect(await through(["<p>partial</", "body", "> text"])).toBe("<p>partial</body> text");
    expect(await through(["<body>a</body></html>", "<script>'</body></html>'</script>"])).toBe(
      "<body>a<script>'</body></html>'</script></body></html>",
    );
  });
});

describe("a reader that stops early", () => {
  it("cancels the rendered stream behind it", async () => {
    let cancelled: unknown = null;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode("<html><body>more</body></html>"));
      },
      cancel(reason) {
        cancelled = reason ?? "cancelled";
      },
    });
    const reader = closeDocumentLast(source).getReader();
    await reader.read();
    await reader.cancel("gone");
    expect(cancelled).toBe("gone");
  });
});
