/**
 * Route work done once per isolate (ADR 149, 212): the patch-package diffs in patches/ (patches/README.md)
 * are in the code the worker runs. Without them every page request rebuilt and re-ranked every route.
 */
import { matchRoutes } from "@remix-run/router";
import { createStaticHandler } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

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
});
