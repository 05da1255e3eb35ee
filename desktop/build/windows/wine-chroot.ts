// The Wine chroot that .ci/wine-root makes (WINE_SMOKE_ROOT): paths inside it, for the smoke test
// and bench:start. They name the chroot's own user and home, never this machine's.

/** The user the chroot's commands run as, and its home inside the chroot. */
export const CHROOT_USER = 'root';
export const CHROOT_HOME = `/${CHROOT_USER}`;
/** The Wine prefix inside the chroot, and its C: drive relative to the chroot's root. */
export const WINE_PREFIX = `${CHROOT_HOME}/.wine`;
export const DRIVE_C = `${WINE_PREFIX.slice(1)}/drive_c`;
/** The user's profile folder on that drive. */
export const PROFILE = `users/${CHROOT_USER}`;
/** The environment of every command run in the chroot. */
export const CHROOT_ENV = [`HOME=${CHROOT_HOME}`, `WINEPREFIX=${WINE_PREFIX}`, 'WINEDEBUG=-all', 'PATH=/usr/bin:/bin'];
