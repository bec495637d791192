import { expect, test, type Page } from "@playwright/test";
import { checkAxe, expectNoAxeViolations, latestMailedLink, signIn, uniqueEmail } from "./support";
import { createUser } from "./fixtures";
import { stylesApplied } from "./layout-check";

const TILES = ["Goals", "Friends", "Community", "Charities", "Support", "Discussion"];

test.describe("marketing page", () => {
  test("has every section, anchors that scroll, and passes axe", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Goals with Friends: achieve goals with friends");
    await expect(page.getByRole("link", { name: "GET STARTED" }).first()).toHaveAttribute("href", "/signup");
    for (const title of TILES)
      await expect(page.getByRole("heading", { name: title, exact: true, level: 3 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Social Goal Tracking" })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Fundraising", exact: true })).toBeAttached();
    await expect(page.getByText("Alone we can do so little; together we can do so much.")).toBeAttached();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    await expect(footer.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");
    await expect(footer.getByRole("link", { name: /Goals with Friends team/ })).toHaveAttribute("target", "_blank");

    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Fundraising" }).click();
    await expect(page).toHaveURL(/#fundraising$/);
    await expect(page.locator("#fundraising")).toBeInViewport();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Tracking" }).click();
    await expect(page.locator("#tracking")).toBeInViewport();
    await expectNoAxeViolations(page);
  });

  test("a hash in the URL lands on its section", async ({ page }) => {
    await page.goto("/marketing#fundraising");
    await expect(page.locator("#fundraising")).toBeInViewport();
  });

  test("ships no script, carries public cache headers, and a repeat hit comes from the cache", async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    const response = await page.goto("/marketing");
    expect(await page.locator("script").count()).toBe(0);
    expect(scripts).toEqual([]);
    expect(response!.headers()["cache-control"]).toMatch(/public.*max-age=\d+.*s-maxage=\d+/);

    let hit = "";
    for (let i = 0; i < 20 && hit !== "HIT"; i++) {
      hit = (await request.get("/marketing")).headers()["x-cache"] ?? "";
      if (hit !== "HIT") await page.waitForTimeout(50);
    }
    expect(hit).toBe("HIT");
  });

  test("signed-in users go from / to /main but can still read /marketing", async ({ page }) => {
    await createUser(page.request, { first: "Noor" });
    await page.goto("/");
    await expect(page).toHaveURL(/\/main$/);
    const response = await page.goto("/marketing");
    expect(response!.headers()["x-cache"]).toBeUndefined();
    expect(response!.headers()["cache-control"]).toMatch(/private/);
    await expect(page.getByRole("heading", { name: "Social Goal Tracking" })).toBeAttached();
  });

  for (const width of [1280, 400]) {
    test(`looks right at ${width}px (no sideways scrolling)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/marketing");
      await stylesApplied(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    });
  }
});

test.describe("page not found", () => {
  for (const path of ["/no-such-page", "/404"]) {
    test(`${path} shows SPEC's screen and passes axe`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response!.status()).toBe(404);
      await expect(page).toHaveTitle("Page not found");
      await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
      await expect(page.getByText("Page not found", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the main page or contact support." })).toHaveAttribute(
        "href",
        "/main",
      );
      await expectNoAxeViolations(page);
    });
  }
});

async function attemptSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

const emailError = (page: Page) => page.locator("#signin-email-error");
const passwordError = (page: Page) => page.locator("#signin-password-error");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`visitor screens with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("each auth screen has its title, logo link to /marketing and creator credit, and passes axe", async ({
      page,
    }) => {
      test.slow();
      const screens: [string, string, string][] = [
        ["/signin", "Sign In", "Sign In"],
        ["/signup", "Sign Up", "Get Started"],
        ["/tester", "Sign Up", "Get Started"],
        ["/passwordreset", "Password Reset", "Password Reset"],
      ];
      for (const [path, title, heading] of screens) {
        await page.goto(path);
        await expect(page).toHaveTitle(title);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expect(page.getByRole("link", { name: /Goals with Friends: about the product/ })).toHaveAttribute(
          "href",
          "/marketing",
        );
        await expect(page.getByRole("link", { name: /Goals with Friends team/ })).toHaveAttribute(
          "href",
          /^https:\/\//,
        );
        // These screens' server markup is the same with JavaScript on or off, and the JavaScript-on twin
        // checks it: no second pass in a JS-off copy.
        if (javaScriptEnabled) await checkAxe(page, true);
      }
      await page.goto("/signin");
      await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/passwordreset");
      await page.goto("/passwordreset");
      await expect(page.getByText("Enter your email address to reset your password.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");
    });

    test("sign-in: unknown e-mail, wrong password, then 'Contact Support' after more than 4 failures", async ({
      page,
      request,
    }) => {
      test.slow();
      // A member who exists (signed in nowhere: `request` keeps its cookie to itself).
      const { email, password } = await createUser(request);
      await page.goto("/signin");
      await attemptSignIn(page, uniqueEmail("nobody"), "whatever1");
      await expect(emailError(page)).toHaveText("Email Address Not Found");
      await expect(passwordError(page)).toHaveCount(0);

      for (let i = 1; i <= 4; i++) {
        await attemptSignIn(page, email, `wrong-${i}`);
        await expect(passwordError(page)).toHaveText("Wrong Password");
      }
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await checkAxe(page, javaScriptEnabled);

      await attemptSignIn(page, email, "wrong-5");
      // Told once (ADR 264), below the form: SPEC's words, the address as a link, and why; both fields
      // are invalid and described by it.
      const note = page.getByTestId("support-note");
      await expect(note).toContainText("Contact Support at support@goalswithfriends.app.");
      await expect(note).toContainText("Signing in has failed several times for this address");
      await expect(page.getByText("Contact Support at")).toHaveCount(1);
      await expect(emailError(page)).toHaveCount(0);
      await expect(passwordError(page)).toHaveCount(0);
      for (const field of [page.getByLabel("Email"), page.getByLabel("Password", { exact: true })]) {
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAttribute("aria-describedby", "signin-support");
      }
      await expect(note.getByRole("link", { name: "support@goalswithfriends.app" })).toHaveAttribute(
        "href",
        "mailto:support@goalswithfriends.app",
      );
      await checkAxe(page, javaScriptEnabled);

      for (let i = 6; i <= 9; i++) {
        await attemptSignIn(page, email, `wrong-${i}`);
        await expect(page.getByTestId("support-note")).toContainText("Contact Support");
      }
      // The 10th failure throttles: said once, for both fields (and the count starts again on the server).
      await attemptSignIn(page, email, "wrong-10");
      await expect(emailError(page)).toHaveText("Too Many Requests Try Again Later");
      await expect(page.getByText("Too Many Requests Try Again Later")).toHaveCount(1);
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
        "aria-describedby",
        "signin-email-error",
      );
      await attemptSignIn(page, email, password);
      await expect(emailError(page)).toHaveText("Too Many Requests Try Again Later");
      await expect(page).toHaveURL(/\/signin$/);

      // Locked out, the member resets the password: the new one works at once (ADR 165).
      await page.getByRole("link", { name: "Forgot Password?" }).click();
      // Both screens have an "Email" field: wait for the reset screen before typing into it.
      await expect(page.getByRole("heading", { name: "Password Reset" })).toBeVisible();
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Reset" }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await page.goto(await latestMailedLink(page, email, "/passwordreset/"));
      await page.getByLabel("New password").fill("fresh-password-2");
      await page.getByRole("button", { name: "Save Password" }).click();
      await expect(page).toHaveURL(/\/main$/);
      await page.context().clearCookies();
      await page.goto("/signin");
      await attemptSignIn(page, email, "fresh-password-2");
      await expect(page).toHaveURL(/\/main$/);
    });

    test("empty sign-in and reset forms say 'Must have a value'", async ({ page }) => {
      await page.goto("/signin");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByText("Must have a value")).toHaveCount(2);
      await page.goto("/passwordreset");
      await page.getByRole("button", { name: "Reset" }).click();
      await expect(page.getByText("Must have a value")).toHaveCount(1);
    });

    test("password reset: mail, notice on /signin, new password signs in and ends the other session", async ({
      page,
      browser,
    }) => {
      test.slow();
      // The member is signed in elsewhere (another browser); here they are signed out.
      const elsewhere = await browser.newContext({ javaScriptEnabled });
      const other = await elsewhere.newPage();
      const { email } = await createUser(elsewhere.request);
      await other.goto("/main");
      await expect(other).toHaveURL(/\/main$/);

      await page.goto("/signin");
      await page.getByRole("link", { name: "Forgot Password?" }).click();
      await expect(page).toHaveURL(/\/passwordreset$/);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Reset" }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByRole("status")).toContainText("we have e-mailed it a link");

      const link = await latestMailedLink(page, email, "/passwordreset/");
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
      await checkAxe(page, javaScriptEnabled);
      await page.getByLabel("New password").fill("fresh-password-1");
      await page.getByRole("button", { name: "Save Password" }).click();
      await expect(page).toHaveURL(/\/main$/);

      await other.goto("/main");
      await expect(other).toHaveURL(/\/$/);
      await elsewhere.close();

      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Link Expired" })).toBeVisible();
      await page.context().clearCookies();
      await signIn(page, email, "fresh-password-1");
    });

    test("password reset answers an unknown address exactly like a known one", async ({ page }) => {
      await page.goto("/passwordreset");
      await page.getByLabel("Email").fill(uniqueEmail("stranger"));
      await page.getByRole("button", { name: "Reset" }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByRole("status")).toContainText("we have e-mailed it a link");
    });
  });
}
