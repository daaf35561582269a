// Linted as src/lib/probe.ts: browser storage that outlives the session, by every name.
// Each line below must give exactly one error, on that line.
window.localStorage.setItem('a', '1');
globalThis.localStorage.removeItem('a');
self.localStorage.clear();
const store = localStorage;
store.getItem('a');
window?.localStorage?.getItem('a');
window['localStorage'].getItem('a');
const { localStorage: renamed } = window;
document.defaultView?.localStorage.key(0);
Reflect.get(globalThis, 'localStorage');
const hasIt = 'localStorage' in self;
export { renamed, hasIt };
