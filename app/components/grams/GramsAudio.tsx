// A post's audio link in Grams: a pill with the track's name; the SoundCloud player is only
// loaded (an iframe of w.soundcloud.com) when the reader asks for it, and goes away when
// the post leaves the screen. Without JavaScript the pill links to the track.
import { Music2, X } from "~/components/icons";
import { useEffect, useState } from "react";
import { normalizeSoundCloudUrl, soundCloudPlayerUrl } from "~/lib/rules/soundcloud";
import { trackNameOf } from "./grams-feed";
import { isPlainClick } from "~/lib/client/link-clicks";

export function GramsAudio({ url, active }: { url: string; active: boolean }) {
  const [open, setOpen] = useState(false);
  const track = normalizeSoundCloudUrl(url) ?? url;
  const { title, artist } = trackNameOf(track);

  useEffect(() => {
    if (!active) setOpen(false);
  }, [active]);

  if (open) {
    return (
      <div className="grams-audio grams-audio--open">
        <iframe
          className="grams-audio__player"
          title={`SoundCloud player: ${title}`}
          src={soundCloudPlayerUrl(track, { autoPlay: true, color: "#d9361b" })}
          allow="autoplay; encrypted-media"
          loading="lazy"
        />
        <button type="button" className="grams-audio__close" aria-label="Close player" onClick={() => setOpen(false)}>
          <X aria-hidden />
        </button>
      </div>
    );
  }
  return (
    <a
      className="grams-audio"
      href={track}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Play ${title}${artist ? ` by ${artist}` : ""}`}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        setOpen(true);
      }}
    >
      <span className="grams-audio__disc" aria-hidden>
        <Music2 />
      </span>
      <span className="grams-audio__text">
        <span className="grams-audio__title">{title}</span>
        {artist ? <span className="grams-audio__artist">{artist}</span> : null}
      </span>
    </a>
  );
}
