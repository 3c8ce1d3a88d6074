/**
 * Navigation for code outside React components (the API client's session-expiry redirect). The shell
 * registers the router's navigate function once it is mounted.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let current: Navigate = (to) => {
  window.location.hash = `#${to}`;
};

export function registerNavigate(navigate: Navigate): void {
  current = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
