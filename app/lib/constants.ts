// Business constants and limits of the product. Times are in milliseconds.

export const APP_TITLE = "car enthusiast social platform";

/** The most posts one feed request answers, and the first fetch of the Grams feed. */
export const FEED_FIRST_PAGE = 50;
/**
 * Posts the home page renders with its document. A card is about half to most of a phone
 * screen tall, so six fill three to four screens: enough to read while the rest arrive by
 * infinite scroll (or "Load more" without JavaScript), FEED_PAGE at a time. Each card more
 * costs every visitor its rendering, bytes and hydration data.
 */
export const FEED_FIRST_RENDER = 6;
export const FEED_PAGE = 10;
export const FEED_ATTEMPTS = 3;
export const FEED_BACKOFF = [1000, 2000];
export const FEED_LOAD_MORE_WITHIN = 3;
export const FEED_SCROLL_THRESHOLD_PX = 50;
export const GRAMS_NAV_LOCK = 500;
export const GRAMS_TUTORIAL_DELAY = 1000;
export const INTERACTION_BATCH = 5;
export const INTERACTION_BATCH_GAP = 100;
export const INTERACTION_RETRIES = 2;
export const INTERACTION_RETRY_STEP = 500;

export const SESSION_VALIDATE_TIMEOUT = 8000;
export const SESSION_CHECK_INTERVAL = 5 * 60 * 1000;
export const SESSION_VISIBLE_DELAY = 500;
export const SESSION_ONLINE_DELAY = 1000;
/** How long a server session lives without being refreshed. */
export const SESSION_LIFETIME = 30 * 24 * 60 * 60 * 1000;

export const LIKE_TIMEOUT = 10_000;
export const FLAG_SUCCESS_CLOSE = 2000;
export const TOAST_DURATION = 5000;
export const COPY_CONFIRMATION = 2000;
export const FOLLOW_STAR = 2000;
export const FOLLOW_LOOK = 3000;

export const MUSIC_MIN_CHARS = 2;
export const MUSIC_DEBOUNCE = 300;

export const PHOTO_GRID_MAX = 6;
export const SWIPE_THRESHOLD_PX = 20;
export const MOUSE_DRAG_THRESHOLD_PX = 1;

export const PASSWORD_MIN = 6;
export const RESET_COOLDOWN = 60_000;
export const LOGIN_MODAL_CLOSE_AFTER_SIGN_IN = 500;
export const LOGIN_MODAL_CLOSE_AFTER_SIGN_UP = 1500;

export const PRELOAD_CONCURRENCY = 2;
export const PRELOAD_DELAY = 150;
export const PRELOAD_TIMEOUT = 10_000;
export const VIEWER_LOAD_TIMEOUT = 10_000;

export const BADGE_MAX = 99;
export const MOBILE_MAX_WIDTH = 767;
export const DESKTOP_MIN_WIDTH = 768;
export const HEADER_HIDE_AFTER_PX = 100;
export const HEADER_SCROLLED_AFTER_PX = 50;
export const SEARCH_DEBOUNCE = 300;
export const SEARCH_PER_KIND = 3;
export const DESCRIPTION_HINT_OVER = 100;
export const COUNT_POLL = 30_000;
export const NOTIFICATIONS_POLL = 60_000;
export const ADMIN_CHECK_TIMEOUT = 5000;
export const UNREAD_TIMEOUT = 5000;
export const UNREAD_RETRY_AFTER = 2000;

export const CURRENT_BUILD_FALLBACK = 3081;

export const THEME_STORAGE_KEY = "themeMode";
export const TUTORIAL_STORAGE_KEY = "gramsview-tutorial-seen";
export const SESSION_USER_STORAGE_KEY = "sessionUser";

export const SSE_HEARTBEAT = 25_000;
export const SSE_RECONNECT_STEPS = [1000, 2000, 5000, 10_000];

/** Shows "99+" above 99. */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
