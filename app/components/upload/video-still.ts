// A still frame of a chosen video, drawn by the browser (a video element and a canvas), for
// its thumbnail before anything is sent.

/** Nothing but black (or almost): a frame not worth showing. */
function isBlank(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const { data } = context.getImageData(0, 0, width, height);
  for (let index = 0; index < data.length; index += 4 * 7) {
    if (data[index] > 12 || data[index + 1] > 12 || data[index + 2] > 12) return false;
  }
  return true;
}

/**
 * A frame of the video at `url`, drawn by the browser: an object URL of a JPEG with the
 * video's size, or null when this browser cannot decode the clip (or the frame is black).
 */
export function videoStill(url: string): Promise<{ src: string; width: number; height: number } | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    let settled = false;
    const finish = (value: { src: string; width: number; height: number } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), 8000);
    const draw = () => {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height) return finish(null);
      const scale = Math.min(1, 640 / Math.max(width, height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (!context) return finish(null);
      try {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        if (isBlank(context, canvas.width, canvas.height)) return finish(null);
      } catch {
        return finish(null);
      }
      canvas.toBlob((blob) => finish(blob ? { src: URL.createObjectURL(blob), width, height } : null), "image/jpeg", 0.82);
    };
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.addEventListener("error", () => finish(null));
    video.addEventListener("loadeddata", () => {
      if (!video.videoWidth || !video.videoHeight) return finish(null);
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      // A little way in: the very first frame is often black.
      if (duration > 0.2) video.currentTime = Math.min(1, duration / 3);
      else draw();
    });
    video.addEventListener("seeked", draw);
    video.src = url;
  });
}
