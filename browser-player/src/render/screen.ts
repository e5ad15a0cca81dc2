/**
 * What makes a browser tab behave like a signage screen: the display stays awake, and the page
 * goes full screen when allowed (kiosk browsers start that way; elsewhere the first click or key
 * press is the user gesture the browser requires). Cursor, scroll bars and selection are hidden by
 * player.css. For the page's whole life: the stage is never torn down.
 */
export function prepareTvScreen(doc: Document): void {
  const holdWakeLock = async () => {
    if (doc.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
    try {
      await navigator.wakeLock.request('screen');
    } catch {
      // Refused (no permission, battery saver): the screen's own settings decide then.
    }
  };
  // The browser drops the lock whenever the tab is hidden; it has to be asked for again.
  doc.addEventListener('visibilitychange', () => void holdWakeLock());
  void holdWakeLock();

  const goFullScreen = () => {
    if (doc.fullscreenElement || !doc.fullscreenEnabled) return;
    doc.documentElement.requestFullscreen({ navigationUI: 'hide' }).catch(() => undefined);
  };
  doc.addEventListener('click', goFullScreen);
  doc.addEventListener('keydown', goFullScreen);
}
