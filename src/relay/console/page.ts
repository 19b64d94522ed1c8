/** The page around the console app: colours before the script runs, so nothing flashes. */
export const CONSOLE_CSS = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; background: Canvas; color: CanvasText; }
pressbox-console { display: block; min-height: 100vh; }`;

export function consolePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Pressbox console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/console/console.css">
<script type="module" src="/console/assets/console.js"></script>
</head>
<body>
<pressbox-console><noscript>The Pressbox console needs JavaScript.</noscript></pressbox-console>
</body>
</html>`;
}
