import { describe, expect, it } from "vitest";
import { marketingUrl } from "#app/platform/http/page-cache.server";

const get = (url: string, method = "GET") => new Request(url, { method });

describe("marketingUrl", () => {
  it("picks out GET / and /marketing, whatever the query string", () => {
    for (const url of [
      "https://a.example/",
      "https://a.example",
      "https://a.example/?utm_source=x",
      "https://a.example/#top",
      "https://a.example/marketing",
      "https://a.example/marketing?x=1",
    ]) {
      expect(marketingUrl(get(url))?.pathname, url).toMatch(/^\/(marketing)?$/);
    }
  });

  it("leaves every other request alone", () => {
    for (const url of [
      "https://a.example/main",
      "https://a.example/marketing/x",
      "https://a.example/marketingx",
      "https://a.example/signin?next=/",
      "https://a.example/build/x.js",
    ]) {
      expect(marketingUrl(get(url)), url).toBeNull();
    }
    expect(marketingUrl(get("https://a.example/", "POST"))).toBeNull();
    expect(marketingUrl(get("https://a.example/marketing", "HEAD"))).toBeNull();
  });
});
