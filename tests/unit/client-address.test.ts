import { describe, expect, it } from "vitest";
import { addressKey } from "#app/lib/client-address";

describe("addressKey", () => {
  it("keeps an IPv4 address whole", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 198.51.100.9 ")).toBe("198.51.100.9");
  });

  it("keys IPv6 on its /64, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const a of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2::",
    ]) {
      expect(addressKey(a), a).toBe(key);
    }
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1234:5678")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keys IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("has nothing to count for loopback, missing or malformed values", () => {
    for (const a of [
      null,
      undefined,
      "",
      "127.0.0.1",
      "127.1.2.3",
      "::1",
      "::ffff:127.0.0.1",
      "not-an-ip",
      "1.2.3",
      "256.1.1.1",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "12345::1",
      "2001:db8::g",
      "a".repeat(100),
    ]) {
      expect(addressKey(a), String(a)).toBeNull();
    }
  });

  it("answers a long hostile value at once (length checked before parsing)", () => {
    expect(addressKey(":".repeat(1_000_000))).toBeNull();
  });
});
