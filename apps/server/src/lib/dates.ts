/**
 * Today's date in China (UTC+8, no daylight saving), yyyy-MM-dd. The console's users and their "today"
 * are in China; the server's clock may be UTC, where the date changes eight hours later.
 */
export const todayInChina = (now = Date.now()) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
