// A post's audio link (the music player): a card with the track's name; the SoundCloud
// widget (an iframe of w.soundcloud.com) is only loaded after a click. The title and author
// come from SoundCloud's oEmbed endpoint when it can be reached, from the link otherwise.
// 'Failed to load track' when SoundCloud says the track is gone or the player does not load
// within 10 s, with a retry and, where the caller offers it, a button to search another
// track. Without JavaScript the card links to the track.
import { AlertCircle, ExternalLink, Music2, Play, RotateCw, Search, X } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { normalizeSoundCloudUrl, soundCloudPlayerUrl } from "~/lib/rules/soundcloud";
import { AUDIO_MESSAGES, lookUpTrack, PLAYER_TIMEOUT, trackNameFromUrl, type OEmbedInfo } from "./track";
import "./audio.css";
import { isPlainClick } from "~/lib/client/link-clicks";

type Phase = "idle" | "loading" | "ready" | "failed";

export type AudioPlayerProps = {
  url: string;
  /** Offered next to 'Failed to load track' (the upload form: pick another track). */
  onSearchAnother?: () => void;
  /** A smaller card (embeds, previews). */
  compact?: boolean;
  className?: string;
};

export function AudioPlayer({ url, onSearchAnother, compact = false, className }: AudioPlayerProps) {
  const track = normalizeSoundCloudUrl(url) ?? url;
  const [phase, setPhase] = useState<Phase>("idle");
  const [info, setInfo] = useState<OEmbedInfo>(() => trackNameFromUrl(track));
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);

  // A new track starts over.
  useEffect(() => {
    setPhase("idle");
    setInfo(trackNameFromUrl(track));
  }, [track]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  async function start() {
    if (phase === "loading" || phase === "ready") return;
    setPhase("loading");
    setAttempt((n) => n + 1);
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const answer = await lookUpTrack(track, fetch, abort.signal);
    if (abort.signal.aborted) return;
    if (answer.status === "missing") {
      setPhase("failed");
      return;
    }
    if (answer.status === "ok") setInfo(answer.info);
    // The player itself: loading until its frame says it has loaded.
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setPhase((current) => (current === "loading" ? "failed" : current)), PLAYER_TIMEOUT);
  }

  function stop() {
    if (timer.current) clearTimeout(timer.current);
    controller.current?.abort();
    setPhase("idle");
  }

  const classes = ["audio-player", compact ? "audio-player--compact" : null, className].filter(Boolean).join(" ");
  const label = `${info.title}${info.author ? ` by ${info.author}` : ""}`;
  const showFrame = phase === "loading" || phase === "ready";

  return (
    <div className={classes} data-phase={phase} data-testid="audio-player">
      <div className="audio-player__row">
        <span className="audio-player__disc" aria-hidden>
          <Music2 />
        </span>
        <span className="audio-player__text">
          <span className="audio-player__title">{info.title}</span>
          <span className="audio-player__author">{info.author ? `${info.author} · SoundCloud` : "SoundCloud"}</span>
        </span>
        {phase === "idle" ? (
          <a
            className="audio-player__play"
            href={track}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${AUDIO_MESSAGES.play}: ${label}`}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              void start();
            }}
          >
            <Play aria-hidden />
          </a>
        ) : phase === "failed" ? null : (
          <button type="button" className="audio-player__close" aria-label="Close player" onClick={stop}>
            <X aria-hidden />
          </button>
        )}
      </div>

      {showFrame ? (
        <div className="audio-player__frame">
          {phase === "loading" ? (
            <span className="audio-player__loading" role="status">
              <span className="audio-player__bars" aria-hidden>
                <span />
                <span />
                <span />
              </span>
              {AUDIO_MESSAGES.loading}
            </span>
          ) : null}
          <iframe
            key={attempt}
            title={`SoundCloud player: ${label}`}
            src={soundCloudPlayerUrl(track, { autoPlay: true, color: "#d9361b" })}
            allow="autoplay; encrypted-media"
            onLoad={() => {
              if (timer.current) clearTimeout(timer.current);
              setPhase((current) => (current === "loading" ? "ready" : current));
            }}
          />
        </div>
      ) : null}

      {phase === "failed" ? (
        <div className="audio-player__failed" role="alert">
          <AlertCircle aria-hidden className="audio-player__failed-icon" />
          <span className="audio-player__failed-text">{AUDIO_MESSAGES.failed}</span>
          <span className="audio-player__failed-actions">
            <button type="button" className="btn btn--sm btn--secondary" onClick={() => void start()}>
              <RotateCw aria-hidden size={16} /> {AUDIO_MESSAGES.retry}
            </button>
            {onSearchAnother ? (
              <button type="button" className="btn btn--sm btn--primary" onClick={onSearchAnother}>
                <Search aria-hidden size={16} /> {AUDIO_MESSAGES.searchAnother}
              </button>
            ) : (
              <a className="btn btn--sm btn--ghost" href={track} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden size={16} /> {AUDIO_MESSAGES.listen}
              </a>
            )}
          </span>
        </div>
      ) : null}
    </div>
  );
}
