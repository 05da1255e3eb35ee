// The safety components' stylesheet, added to the page once (the CSP allows the app's own styles).
let added = false;
export function safetyStyles() {
  if (added) return;
  added = true;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/static/safety/safety.css';
  document.head.append(link);
}
