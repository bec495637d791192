/** screenMeta: the one title helper of the signed-in and development screens gives what they wrote by hand. */
import { describe, expect, it } from "vitest";
import { screenMeta } from "#app/lib/meta";

describe("screenMeta", () => {
  it("titles a screen '<title> | Goals with Friends', with its description, as the screens wrote them", () => {
    expect(screenMeta("Home", { description: "Your goals and suggested goals." })).toEqual([
      { title: "Home | Goals with Friends" },
      { name: "description", content: "Your goals and suggested goals." },
    ]);
  });

  it("puts the admin section between the title and the site's name, and nothing else", () => {
    expect(screenMeta("Audit log", { section: "Admin" })).toEqual([
      { title: "Audit log | Admin | Goals with Friends" },
    ]);
  });

  it("keeps a screen with a secret in its address out of search engines", () => {
    expect(screenMeta("Confirm your new e-mail", { noindex: true })).toEqual([
      { title: "Confirm your new e-mail | Goals with Friends" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
