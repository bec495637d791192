/**
 * Route work done once per isolate (ADR 149, 212): the patch-package diffs in patches/ (patches/README.md)
 * are in the code the worker runs. Without them every page request rebuilt and re-ranked every route.
 */
import { matchRoutes } from "@remix-run/router";
import { createStaticHandler } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "main", path: "main" },
      { id: "active", path: "active/:id" },
    ],
  },
];

describe("route work once per isolate", () => {
  it("converts a routes array to the static router's data routes once, and matches the same", async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("https://example.test/active/g1"));
    if (context instanceof Response) throw new Error("unexpected response");
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    // Each router still has its own request's matches.
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["root", "active"]);
    expect(second.state.matches[1]!.params).toEqual({ id: "g1" });
  });

  it("matches the same answers from the kept ranking", () => {
    const a = matchRoutes(routes, "/active/x")!.map((m) => m.route.id);
    const b = matchRoutes(routes, "/active/y")!;
    expect(a).toEqual(["root", "active"]);
    expect(b.map((m) => m.params.id)).toEqual(["y", "y"]);
    expect(matchRoutes(routes, "/nowhere")).toBeNull();
  });

  it("tries only the branch a path matched before, with the same answer and fresh params (ADR 317)", () => {
    // A site's worth of routes ranked before the one asked for: each branch tried is a RegExp match.
    const many = [
      {
        id: "root",
        path: "/",
        children: [
          ...Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, path: `section${i}/:a/:b` })),
          { id: "active", path: "active/:id" },
        ],
      },
    ];
    const first = matchRoutes(many, "/active/g1")!;
    const match = vi.spyOn(String.prototype, "match");
    try {
      const again = matchRoutes(many, "/active/g1")!;
      // The root and the goal's route only, not the 40 ranked before it.
      expect(match.mock.calls.length).toBeLessThanOrEqual(2);
      expect(again.map((m) => [m.route.id, m.pathname, m.params])).toEqual(
        first.map((m) => [m.route.id, m.pathname, m.params]),
      );
      expect(again[1]!.params).not.toBe(first[1]!.params);
      // A path seen unmatched stays unmatched; another goal still gets its own id.
      expect(matchRoutes(many, "/nowhere")).toBeNull();
      expect(matchRoutes(many, "/nowhere")).toBeNull();
      expect(matchRoutes(many, "/active/g2")![1]!.params).toEqual({ id: "g2" });
      expect(matchRoutes(many, "/section3/x/y")!.map((m) => m.route.id)).toEqual(["root", "r3"]);
    } finally {
      match.mockRestore();
    }
  });
});
