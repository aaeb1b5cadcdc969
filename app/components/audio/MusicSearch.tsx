// Music search for a post's audio: searching starts at 2 characters after
// a 300 ms pause, through GET /api/soundcloud/search; results show artwork, title, artist
// and duration; 'No tracks found' when there are none. Placeholder results (SoundCloud
// not connected) are clearly marked as examples and cannot be picked. A track link can
// also be pasted by hand and is checked ('Invalid SoundCloud URL'). The chosen link is the
// form's `soundcloud_url` field; without JavaScript only the link field shows.
import { Link2, Loader2, Music2, Search, X } from "~/components/icons";
import { useFetcher } from "@remix-run/react";
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { MUSIC_DEBOUNCE, MUSIC_MIN_CHARS } from "~/lib/constants";
import { formatDuration, INVALID_SOUNDCLOUD_URL, normalizeSoundCloudUrl, type MusicSearchResult, type MusicTrack } from "~/lib/rules/soundcloud";
import { useHydrated } from "~/lib/client/hydrated";
import { AudioPlayer } from "./AudioPlayer";
import { AUDIO_MESSAGES } from "./track";
import { apiPaths } from "~/lib/paths";
import "./audio.css";

type SearchState = { status: "idle" } | { status: "searching" } | { status: "done"; tracks: MusicTrack[]; placeholder: boolean } | { status: "error" };

/**
 * SoundCloud tracks for `query`: a fetcher loads GET /api/soundcloud/search after a pause
 * in typing, from the second character on. Idle below that; an answer without tracks is an
 * error.
 */
function useTrackSearch(query: string): SearchState {
  const q = query.trim();
  const active = q.length >= MUSIC_MIN_CHARS;
  const fetcher = useFetcher<MusicSearchResult & { error?: string }>();
  const { load, data } = fetcher;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => load(apiPaths.soundcloudSearch(q)), MUSIC_DEBOUNCE);
    return () => clearTimeout(timer);
  }, [active, q, load]);
  if (!active) return { status: "idle" };
  if (fetcher.state !== "idle") return { status: "searching" };
  if (!data) return { status: "idle" };
  if (!Array.isArray(data.collection)) return { status: "error" };
  const tracks = data.collection;
  return { status: "done", tracks, placeholder: Boolean(data.placeholder) || tracks.some((track) => track.placeholder) };
}

export type MusicSearchHandle = { focusSearch: () => void };

export type MusicSearchProps = {
  /** The form field's name. */
  name?: string;
  defaultValue?: string;
  /** Called with the chosen link ("" when cleared). */
  onChange?: (url: string) => void;
};

function plays(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1)}M plays`;
  if (count >= 1000) return `${(count / 1000).toFixed(count >= 10_000 ? 0 : 1)}K plays`;
  return `${count} plays`;
}

export const MusicSearch = forwardRef<MusicSearchHandle, MusicSearchProps>(function MusicSearch({ name = "soundcloud_url", defaultValue = "", onChange }, ref) {
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const state = useTrackSearch(query);
  const [url, setUrl] = useState(defaultValue);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(() => normalizeSoundCloudUrl(defaultValue));
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const urlId = useId();
  const urlErrorId = useId();
  const resultsId = useId();

  useImperativeHandle(ref, () => ({
    focusSearch() {
      setChosen(null);
      searchRef.current?.focus();
    },
  }));

  function choose(link: string) {
    const normalized = normalizeSoundCloudUrl(link);
    if (!normalized) {
      setUrlError(INVALID_SOUNDCLOUD_URL);
      return;
    }
    setUrl(normalized);
    setUrlError(null);
    setChosen(normalized);
    setQuery("");
    onChange?.(normalized);
  }

  function clear() {
    setUrl("");
    setChosen(null);
    setUrlError(null);
    onChange?.("");
  }

  function checkTyped(value: string) {
    const text = value.trim();
    if (text === "") {
      setUrlError(null);
      setChosen(null);
      onChange?.("");
      return;
    }
    const normalized = normalizeSoundCloudUrl(text);
    setUrlError(normalized ? null : INVALID_SOUNDCLOUD_URL);
    if (normalized) {
      setChosen(normalized);
      onChange?.(normalized);
    }
  }

  return (
    <div className="music-search" data-testid="music-search">
      {hydrated && !chosen ? (
        <div className="music-search__search">
          <label className="label" htmlFor={searchId}>
            Search music
          </label>
          <div className="music-search__box">
            <Search aria-hidden className="music-search__icon" />
            <input
              ref={searchRef}
              id={searchId}
              className="input music-search__input"
              type="search"
              placeholder="Track or artist"
              autoComplete="off"
              value={query}
              aria-controls={resultsId}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                // Enter here must not submit the post.
                if (event.key === "Enter") event.preventDefault();
              }}
            />
            {state.status === "searching" ? <Loader2 aria-hidden className="music-search__spinner" /> : null}
          </div>
          <div id={resultsId} className="music-search__results" aria-live="polite">
            {state.status === "searching" ? <p className="music-search__status">{AUDIO_MESSAGES.searching}</p> : null}
            {state.status === "error" ? <p className="music-search__status">{AUDIO_MESSAGES.noTracks}</p> : null}
            {state.status === "done" && state.tracks.length === 0 ? <p className="music-search__status">{AUDIO_MESSAGES.noTracks}</p> : null}
            {state.status === "done" && state.tracks.length > 0 ? (
              <>
                {state.placeholder ? <p className="music-search__note">{AUDIO_MESSAGES.examplesNote}</p> : null}
                <ul className="music-search__list">
                  {state.tracks.map((track) => {
                    const example = Boolean(track.placeholder) || state.placeholder;
                    return (
                      <li key={String(track.id)}>
                        <button
                          type="button"
                          className="track-row"
                          data-example={example || undefined}
                          aria-disabled={example || undefined}
                          disabled={example}
                          onClick={() => choose(track.permalink_url)}
                        >
                          <TrackArtwork url={track.artwork_url} />
                          <span className="track-row__text">
                            <span className="track-row__title">{track.title}</span>
                            <span className="track-row__meta">
                              {track.user.username}
                              {track.playback_count > 0 ? ` · ${plays(track.playback_count)}` : ""}
                            </span>
                          </span>
                          <span className="track-row__side">
                            {example ? <span className="track-row__example">{AUDIO_MESSAGES.example}</span> : null}
                            <span className="track-row__duration">{formatDuration(track.duration)}</span>
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </>
            ) : null}
          </div>
        </div>
      ) : null}

      {hydrated && chosen ? (
        <div className="music-search__chosen">
          <AudioPlayer url={chosen} onSearchAnother={clear} />
          <button type="button" className="btn btn--sm btn--ghost music-search__remove" onClick={clear}>
            <X aria-hidden size={16} /> Remove track
          </button>
        </div>
      ) : null}

      <div className="field music-search__url" hidden={hydrated && Boolean(chosen)}>
        <label className="label" htmlFor={urlId}>
          {hydrated ? "Or paste a SoundCloud track link" : "SoundCloud track link (optional)"}
        </label>
        <div className="music-search__box">
          <Link2 aria-hidden className="music-search__icon" />
          <input
            id={urlId}
            className="input music-search__input"
            type="url"
            name={name}
            inputMode="url"
            placeholder="https://soundcloud.com/artist/track"
            value={url}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? urlErrorId : undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              if (urlError) setUrlError(null);
            }}
            onBlur={(event) => checkTyped(event.target.value)}
          />
        </div>
        {urlError ? (
          <p id={urlErrorId} className="field-error" role="alert">
            {urlError}
          </p>
        ) : null}
      </div>
    </div>
  );
});

function TrackArtwork({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="track-row__art track-row__art--empty" aria-hidden>
        <Music2 />
      </span>
    );
  }
  return <img className="track-row__art" src={url} alt="" width={48} height={48} loading="lazy" onError={() => setFailed(true)} />;
}
