/**
 * The head tags that make the app installable (ADR 225): the web app manifest (public/manifest.webmanifest),
 * the theme colour of the browser's bar, and what iOS reads instead of the manifest (its home-screen icon,
 * title and full-screen launch).
 */
export const THEME_COLOR = "#0f766e";

export function InstallTags() {
  return (
    <>
      <link rel="manifest" href="/manifest.webmanifest" />
      <meta name="theme-color" content={THEME_COLOR} />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content="Goals" />
      <meta name="apple-mobile-web-app-status-bar-style" content="default" />
    </>
  );
}
