/** The cookie that carries a session token (also read by the worker front, which loads nothing else). */
export const SESSION_COOKIE = 'smoulder_session';
