import { DECODER_FAILURE } from '../seams.js';
import { fittedRect, type Mounted, objectFit } from './mounted.js';

export function mountImage(src: string, fitMode: string): Mounted {
  const img = document.createElement('img');
  img.className = 'stage-media';
  img.alt = '';
  img.decoding = 'async';
  img.style.objectFit = objectFit(fitMode);
  img.src = src;
  return {
    element: img,
    // Decoded before shown, so the swap never reveals a half-painted picture.
    ready: img.decode(),
    draw(ctx, box) {
      if (img.naturalWidth === 0) return;
      const r = fittedRect(fitMode, img.naturalWidth, img.naturalHeight, box);
      ctx.drawImage(img, r.sx, r.sy, r.sw, r.sh, r.dx, r.dy, r.dw, r.dh);
    },
    release() {
      img.removeAttribute('src');
      img.remove();
    },
  };
}

export interface VideoOptions {
  fitMode: string;
  audioEnabled: boolean;
  volume: number;
  startOffsetMs?: number;
  endOffsetMs?: number;
  /** Play from the start again at the end (a video zone of a layout). */
  loop?: boolean;
}

export function mountVideo(src: string, o: VideoOptions): Mounted {
  const video = document.createElement('video');
  video.className = 'stage-media';
  video.style.objectFit = objectFit(o.fitMode);
  video.playsInline = true;
  video.preload = 'auto';
  video.volume = Math.min(1, Math.max(0, o.volume));
  video.muted = !o.audioEnabled;
  const startS = (o.startOffsetMs ?? 0) / 1000;
  const endS = o.endOffsetMs != null && o.endOffsetMs > (o.startOffsetMs ?? 0) ? o.endOffsetMs / 1000 : undefined;
  let endListener: (() => void) | undefined;
  let ended = false;
  const controller = new AbortController();
  const on = (type: string, fn: () => void) => video.addEventListener(type, fn, { signal: controller.signal });

  const finish = () => {
    if (o.loop) {
      video.currentTime = startS;
      void video.play().catch(() => undefined);
      return;
    }
    if (ended) return;
    ended = true;
    video.pause();
    endListener?.();
  };
  on('ended', finish);
  on('timeupdate', () => {
    if (endS !== undefined && video.currentTime >= endS) finish();
  });

  // Muted by the autoplay policy: the first key press (a TV remote's) or click lets the page play
  // sound, so the video's sound comes back then. Outside a gesture the browser would pause a video
  // that is unmuted, so a press it does not count (Escape) leaves the video playing muted.
  const soundOnFirstGesture = () => {
    const unmute = () => {
      if (!video.muted) return;
      video.muted = false;
      if (!video.paused) return;
      video.muted = true;
      void video.play().catch(() => undefined);
    };
    for (const type of ['keydown', 'click']) document.addEventListener(type, unmute, { signal: controller.signal });
  };

  const ready = new Promise<void>((resolve, reject) => {
    on('error', () => {
      const error = new Error(`video cannot be played: ${video.error?.message || `code ${video.error?.code}`}`);
      // Decode errors, and formats the browser cannot play: the file itself was verified before it was given here.
      if (video.error?.code === MediaError.MEDIA_ERR_DECODE || video.error?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) error.name = DECODER_FAILURE;
      reject(error);
    });
    on('loadedmetadata', () => {
      if (startS > 0) video.currentTime = startS;
      void start();
    });
    on('playing', () => resolve());
    const start = async () => {
      try {
        await video.play();
      } catch (error) {
        // The browser's autoplay policy may refuse sound: play muted rather than not at all.
        if (controller.signal.aborted || (error as DOMException).name !== 'NotAllowedError' || video.muted) return reject(error);
        video.muted = true;
        await video.play().catch(reject);
        soundOnFirstGesture();
      }
    };
  });
  video.src = src;
  return {
    element: video,
    ready,
    onNaturalEnd(listener) {
      endListener = listener;
    },
    draw(ctx, box) {
      if (video.videoWidth === 0) return;
      const r = fittedRect(o.fitMode, video.videoWidth, video.videoHeight, box);
      ctx.drawImage(video, r.sx, r.sy, r.sw, r.sh, r.dx, r.dy, r.dw, r.dh);
    },
    release() {
      controller.abort();
      endListener = undefined;
      video.pause();
      // Without this the decoder and its buffers outlive the element for a long while.
      video.removeAttribute('src');
      video.load();
      video.remove();
    },
  };
}
