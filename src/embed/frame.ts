/**
 * Runs in the embed page inside a publisher's iframe. Tells the page around it how tall the content is, in Pressbox's
 * own message and in AMP's (so `amp-iframe resizable` follows), and renews the frame's access before it runs out.
 */
const RENEW_BEFORE_MS = 60_000;

function reportHeight(): void {
  let reported = 0;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === 0 || height === reported) return;
    reported = height;
    // The height is all that is said, so any page may hear it.
    parent.postMessage({ type: 'pressbox:resize', height }, '*');
    parent.postMessage({ sentinel: 'amp', type: 'embed-size', height }, '*');
  };
  new ResizeObserver(report).observe(document.documentElement);
}

/**
 * A reload asks the relay again with the frame's original Referer, which gives a fresh token if the site is still allowed.
 * The token's lifetime is counted from the page's arrival, not against the device's clock, which may be hours wrong.
 */
function renewBeforeExpiry(): void {
  const lifetimeMs = Number(document.querySelector<HTMLScriptElement>('script[data-renew-in]')?.dataset.renewIn);
  if (lifetimeMs > 0) setTimeout(() => location.reload(), Math.max(0, lifetimeMs - RENEW_BEFORE_MS));
}

if (parent !== window) reportHeight();
renewBeforeExpiry();
