/** House rule for the admin screens: at most 2 D1 round trips per screen (the session is one). */
import { describe, expect, it } from "vitest";
import { describeRoundTrips, screenRoundTrips } from "../support/d1";
import { setType } from "../support/http";
import { signedInUser } from "../support/factories";

const ADMIN_SCREENS = [
  "/admin/users",
  "/admin/users/manage?q=test&page=1",
  "/admin/audit",
  "/admin/users/communication",
  "/admin/access",
  "/admin/goals?show=all",
];

describe("admin screens' D1 round trips", () => {
  for (const path of ADMIN_SCREENS) {
    for (const variant of ["document", "data"] as const) {
      it(`${path} (${variant}) makes at most 2`, async () => {
        const admin = await signedInUser();
        await setType(admin.email, "admin");
        const [pathname, search] = path.split("?");
        const url = variant === "data" ? `${pathname}.data${search ? `?${search}` : ""}` : path;
        const { status, count, roundTrips } = await screenRoundTrips(url, admin.cookie);
        expect(status, url).toBe(200);
        expect(count, `${url}:\n${describeRoundTrips(roundTrips)}`).toBeLessThanOrEqual(2);
      });
    }
  }
});
