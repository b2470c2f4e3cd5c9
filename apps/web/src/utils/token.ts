/**
 * Session token storage (SPEC §4 Session): the token lives in a cookie named `token` and is sent in
 * the `token` header on every request (see api/request.ts).
 */
const COOKIE = 'token';

/** The current token, or '' when logged out. */
export function getToken(): string {
  const hit = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return hit ? decodeURIComponent(hit.slice(COOKIE.length + 1)) : '';
}

/** Store the token returned by login / registration. */
export function setToken(token: string): void {
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
}

/** Forget the token locally (logout, reset-token). */
export function removeToken(): void {
  document.cookie = `${COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
