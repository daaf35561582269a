// The offline page (served by the service worker when a page cannot load): it reopens the portal by
// itself once the portal's own server answers again, checked when the browser says it is online
// and every few seconds. Plain script, no imports: it must work with nothing but the precache.
const CHECK_MS = 5000;
const status = document.getElementById('offline-status');
const retry = document.getElementById('offline-retry');
let checking = false;

async function reachable() {
  try {
    const response = await fetch('/', { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
    return response.ok;
  } catch {
    return false;
  }
}

async function check(byHand) {
  if (checking) return;
  checking = true;
  if (byHand && status) status.textContent = 'Checking the connection…';
  const back = await reachable();
  checking = false;
  if (back) {
    if (status) status.textContent = 'You are back online. Opening the portal…';
    window.location.reload();
  } else if (byHand && status) {
    status.textContent =
      'Still offline. We keep checking and open the portal as soon as the connection is back.';
  }
}

window.addEventListener('online', () => void check(false));
retry?.addEventListener('click', () => void check(true));
window.setInterval(() => void check(false), CHECK_MS);
