// Linted as src/lib/probe.ts: browser storage that outlives the session, by every name.
window.localStorage.setItem('a', '1');
globalThis.localStorage.removeItem('a');
self.localStorage.clear();
const store = localStorage;
store.getItem('a');
