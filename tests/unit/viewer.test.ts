/**
 * The request's viewer (app/platform/session/viewer.server.ts, ADR 290): a screen read started before
 * the user read carries it; a screen read after the user was read on its own (a loader that awaited
 * first) is refused outside production, allowed in production and after an action.
 */
import { describe, expect, it } from "vitest";
import type { SessionUser } from "#app/platform/session/session.server";
import { newViewer, screenReadStarts, userFromScreen } from "#app/platform/session/viewer.server";

const ada = { id: "ada" } as SessionUser;
const strict = { strict: true, afterAction: false };

describe("the request's viewer", () => {
  it("gives the root loader's user read the screen batch's user when the screen read started first", async () => {
    const viewer = newViewer();
    const settle = screenReadStarts(viewer, strict);
    const shared = userFromScreen(viewer);
    expect(shared).not.toBeNull();
    settle(Promise.resolve(ada));
    expect(await shared).toBe(ada);
    expect(viewer.readAlone).toBeUndefined();
  });

  it("reads the user on its own when no screen read started", () => {
    const viewer = newViewer();
    expect(userFromScreen(viewer)).toBeNull();
    expect(viewer.readAlone).toBe(true);
  });

  it("refuses, outside production, a screen read after the user was read on its own", () => {
    const viewer = newViewer();
    userFromScreen(viewer);
    expect(() => screenReadStarts(viewer, strict)).toThrow(/before the loader's first await/);
  });

  it("lets that late read through in production and after an action (a form post without JavaScript)", () => {
    for (const options of [
      { strict: false, afterAction: false },
      { strict: true, afterAction: true },
    ]) {
      const viewer = newViewer();
      userFromScreen(viewer);
      expect(() => screenReadStarts(viewer, options)(Promise.resolve(ada))).not.toThrow();
      expect(viewer.fromScreen).toBeUndefined();
    }
  });

  it("is made fresh for every request: nothing is shared between two viewers", () => {
    const first = newViewer();
    screenReadStarts(first, strict);
    expect(newViewer()).toEqual({});
  });
});
