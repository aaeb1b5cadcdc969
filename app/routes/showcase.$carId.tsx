// /showcase/{carId}: the page a proud owner shares. Hero media from the car's posts, specs,
// owner, mods grouped by build with visible cost and summed gains, the build sheet (shown
// spend, gains, spend over time), followers and the follow button, the posts featuring the
// car, and the forum snippets. Server-rendered with the share tags (Open Graph and Twitter
// card with the car's build card as the picture, oEmbed discovery: ~/lib/rules/share-meta).
import { CarNotFoundPage } from "~/components/showcase/CarNotFound";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Kept } from "~/components/shell/Kept";
import { Link } from "~/components/shell/Link";
import { useState } from "react";
import { ArrowRight, Heart, Images, MessageCircle, Pencil, Sparkles, Users, Wrench } from "~/components/icons";
import { CarPlaceholder } from "~/components/cars/CarCard";
import { MediaImage } from "~/components/cars/MediaImage";
import { mediaAlt } from "~/components/media/viewer-items";
import { FollowButton } from "~/components/follow/FollowButton";
import { BuildGroups } from "~/components/mods/BuildGroups";
import { BuildTimeline } from "~/components/showcase/BuildTimeline";
import { OwnershipHistory } from "~/components/handover/OwnershipHistory";
import { MODS_MESSAGES } from "~/components/mods/ModsPanel";
import { Avatar } from "~/components/shell/Avatar";
import { BuildExport } from "~/components/showcase/BuildExport";
import { BuildSheet } from "~/components/showcase/BuildSheet";
import { buildBbcode, buildMarkdown } from "~/lib/rules/build-export";
import { buildSheet } from "~/lib/rules/build-sheet";
import { carEditPath, carModsPath, postPath, showcaseCsvPath, showcasePath, showcaseReportPath, userPath } from "~/lib/paths";
import { getUser } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { carDisplayLine, carName, carSpecLine, realNickname, visibleCostCents } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { publicOrigin } from "~/lib/server/env.server";
import { requireId } from "~/lib/ids";
import { mediaUrl } from "~/lib/media/media-types";
import { relativeTime } from "~/lib/rules/relative-time";
import { buildCardImage, shareLink, shareMeta } from "~/lib/rules/share-meta";
import { carJson } from "~/models/car.server";
import { getShowcase } from "~/models/showcase.server";
import { getBuildTimeline } from "~/models/post-mods.server";
import { showcaseMods } from "~/models/build-sheet.server";
import { publicVin } from "~/lib/rules/vin";
import { ownershipHistory } from "~/models/car-handover.server";
import { handoverDates } from "~/lib/rules/handover";
import { withOtherCars } from "~/models/part.server";
import "~/components/cars/cars.css";
import { wholeNumber, formatCost } from "~/lib/rules/formats";
import { carKey, postKey } from "~/cache/data-keys";
import type { DocumentHandle } from "~/root";
import { UserError } from "~/lib/user-error";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { shouldRevalidate } from "~/lib/client/revalidation";

/** Tiles in the hero mosaic: one large, the rest small; "+N" on the last when there are more. */
const HERO_TILES = 5;

function plural(count: number, one: string, many = `${one}s`) {
  return `${wholeNumber(count)} ${count === 1 ? one : many}`;
}

export const handle: DocumentHandle<Awaited<ReturnType<typeof loader>>> = {
  cache: "visitors",
  // The car's followers, and the reactions on the posts it shows.
  keys: ({ car, posts }) => [carKey(car.id), ...posts.map((post) => postKey(post.id))],
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Car not found · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];
  const { car, owner, share, description } = data;
  const headline = `${carDisplayLine(car)} · Showcase`;
  return shareMeta({
    share,
    title: `${headline} · ${APP_TITLE}`,
    headline,
    description,
    oembed: true,
    extra: [{ name: "author", content: `@${owner.username}` }],
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
    // The build timeline needs only the car; the showcase itself is read as its viewer sees it.
    const [viewer, timeline] = await Promise.all([getUser(request), getBuildTimeline(carId)]);
    const viewerId = viewer?.id ?? null;
    const showcase = await getShowcase(carId, viewerId);
    if (!showcase) throw new UserError(404, CAR_MESSAGES.notFound);
    const isOwner = viewerId === showcase.car.ownerId;
    const { follow, service, vinEnd } = showcase;
    const { mods, sheetMods, dated } = showcaseMods(showcase.modRows, viewerId);
    const [owners, withParts] = await Promise.all([
      ownershipHistory(carId, { createdAt: showcase.car.createdAt, owner: showcase.owner }, dated),
      withOtherCars(carId, mods),
    ]);

    // What anyone may see: the shared description never reveals the owner's private costs.
    const visibleCost = visibleCostCents(mods.filter((mod) => mod.show_cost));
    const description = [
      `${carSpecLine(showcase.car) || carName(showcase.car)} owned by @${showcase.owner.username}.`,
      mods.length ? `${plural(mods.length, "modification")}${visibleCost ? ` (${formatCost(visibleCost)} shown)` : ""}.` : null,
      `${plural(follow.count, "follower")}, ${plural(showcase.postCount, "post")}.`,
    ]
      .filter(Boolean)
      .join(" ");
    // The picture it is shared with is the car's build card, the same for every reader.
    const share = shareLink(publicOrigin(request), showcasePath(carId), buildCardImage(carId, `Build card of ${carDisplayLine(showcase.car)}`));
    const sheet = buildSheet(sheetMods);
    const exportInput = { title: carDisplayLine(showcase.car), showcaseUrl: share.url, cardUrl: share.image.url, mods: sheetMods, sheet };

    return {
      car: carJson(showcase.car, { owner: false }),
      owner: showcase.owner,
      isOwner,
      vin: publicVin(vinEnd),
      service,
      signedIn: viewerId !== null,
      photo: showcase.photo,
      media: showcase.media,
      mediaCount: showcase.mediaCount,
      postCount: showcase.postCount,
      posts: showcase.posts.map((post) => ({ ...post, createdAt: post.createdAt.toISOString() })),
      mods: withParts,
      timeline,
      owners,
      follow,
      description,
      share,
      sheet,
      snippets: { bbcode: buildBbcode(exportInput), markdown: buildMarkdown(exportInput) },
      // The moment the relative times are read at, the same for the server's markup and hydration.
      now: Date.now(),
    };
  });
}

export default function Showcase() {
  const { car, owner, isOwner, photo, media, mediaCount, postCount, posts, mods, timeline, owners, follow, share, sheet, snippets, now } = useLoaderData<typeof loader>();
  const { vin, service, signedIn } = useLoaderData<typeof loader>();
  const [following, setFollowing] = useState(follow.following);
  const followerCount = Math.max(0, follow.count + (following === follow.following ? 0 : following ? 1 : -1));
  const nickname = realNickname(car.nickname);
  const totalCost = visibleCostCents(mods);
  const ownerName = owner.nickname?.trim() || owner.username;
  // The car's own photo leads the hero; its posts' media follow (a picked post photo once).
  const postTiles = photo ? media.filter((item) => item.path !== photo.path && item.posterPath !== photo.path) : media;
  const tiles = postTiles.slice(0, photo ? HERO_TILES - 1 : HERO_TILES);
  const more = mediaCount - tiles.length - (postTiles.length < media.length ? 1 : 0);
  const tileCount = tiles.length + (photo ? 1 : 0);

  return (
    <div className="page page--wide showcase">
      <Kept
        as="section"
        name="showcase-hero"
        inputs={[car, photo, media, mediaCount]}
        className={`showcase-hero showcase-hero--${Math.max(1, tileCount)}${tileCount ? "" : " showcase-hero--empty"}`}
        style={{ "--rest": Math.max(1, tileCount - 1) } as React.CSSProperties}
        aria-label="Photos and videos"
      >
        {photo ? (
          <div className="showcase-hero__tile showcase-hero__tile--lead" data-testid="car-photo">
            <MediaImage media={{ id: 0, postId: 0, kind: "image", ...photo }} eager sizes="(max-width: 767px) 100vw, 720px" alt={carName(car)} />
          </div>
        ) : null}
        {tileCount ? (
          tiles.map((item, i) => {
            const index = i + (photo ? 1 : 0);
            return (
              <Link
                key={item.id}
                to={postPath(item.postId)}
                className={`showcase-hero__tile${index === 0 ? " showcase-hero__tile--lead" : ""}`}
                aria-label={`Open the post with ${item.kind === "video" ? "video" : "photo"} ${index + 1}`}
              >
                <MediaImage
                  media={item}
                  eager={index === 0}
                  sizes={index === 0 ? "(max-width: 767px) 100vw, 720px" : "(max-width: 767px) 33vw, 240px"}
                  alt={mediaAlt(item, 0, 1, carDisplayLine(car))}
                />
                {item.kind === "video" ? <span className="showcase-hero__badge">Video</span> : null}
                {index === tileCount - 1 && more > 0 ? <span className="showcase-hero__more">+{more}</span> : null}
              </Link>
            );
          })
        ) : (
          <div className="showcase-hero__empty">
            <CarPlaceholder car={car} />
          </div>
        )}
      </Kept>

      <Kept as="header" name="showcase-head" inputs={[car, owner, isOwner, signedIn, follow.following]} className="showcase-head">
        <div className="showcase-head__text">
          <p className="showcase-head__eyebrow">
            <Sparkles aria-hidden size={16} /> Showcase
          </p>
          <h1 className="showcase-head__title">{carName(car)}</h1>
          <p className="showcase-head__spec">{nickname ? carSpecLine(car) : carSpecLine({ trim: car.trim, bodystyle: car.bodystyle }) || `${car.year} ${car.make}`}</p>
          <Link to={userPath(owner.username)} className="showcase-owner">
            <Avatar name={ownerName} image={mediaUrl(owner.profileImage)} size={36} />
            <span>
              <span className="showcase-owner__label">Owned by</span>
              <span className="showcase-owner__name">
                {ownerName} <span className="showcase-owner__username">@{owner.username}</span>
              </span>
            </span>
          </Link>
        </div>
        <div className="showcase-head__actions">
          {isOwner ? (
            <Link to={carEditPath(car.id)} className="btn btn--primary">
              <Pencil aria-hidden size={16} /> Edit
            </Link>
          ) : (
            <FollowButton carId={car.id} initialFollowing={follow.following} carName={carName(car)} onChange={setFollowing} />
          )}
          {isOwner ? (
            <Link to={carModsPath(car.id)} className="btn btn--secondary">
              <Pencil aria-hidden size={16} /> Edit mods
            </Link>
          ) : null}
        </div>
      </Kept>

      <dl className="showcase-stats">
        <div>
          <dt>
            <Users aria-hidden size={16} /> Followers
          </dt>
          <dd data-testid="follower-count">{wholeNumber(followerCount)}</dd>
        </div>
        <div>
          <dt>
            <Wrench aria-hidden size={16} /> Mods
          </dt>
          <dd>{mods.length}</dd>
        </div>
        <div>
          <dt>
            <Sparkles aria-hidden size={16} /> Invested
          </dt>
          <dd>{totalCost > 0 ? formatCost(totalCost) : "—"}</dd>
        </div>
        <div>
          <dt>
            <Images aria-hidden size={16} /> Posts
          </dt>
          <dd>{postCount}</dd>
        </div>
      </dl>

      <Kept as="div" name="showcase-build" inputs={[car, vin, mods, isOwner]} className="showcase-layout">
        <aside className="showcase-specs card" aria-labelledby="specs-title">
          <h2 id="specs-title" className="showcase-section__title">
            Specs
          </h2>
          <dl className="cm-specs">
            <div>
              <dt>Year</dt>
              <dd>{car.year}</dd>
            </div>
            <div>
              <dt>Make</dt>
              <dd>{car.make}</dd>
            </div>
            <div>
              <dt>Model</dt>
              <dd>{car.model}</dd>
            </div>
            <div>
              <dt>Trim</dt>
              <dd>{car.trim || "—"}</dd>
            </div>
            <div>
              <dt>Body style</dt>
              <dd>{car.bodystyle || "—"}</dd>
            </div>
            <div>
              <dt>Nickname</dt>
              <dd>{nickname ?? "Unnamed"}</dd>
            </div>
            {vin ? (
              <div>
                <dt>VIN</dt>
                <dd data-testid="vin-end">{vin}</dd>
              </div>
            ) : null}
          </dl>
        </aside>

        <section className="showcase-mods" aria-labelledby="mods-title">
          <div className="showcase-section__head">
            <h2 id="mods-title" className="showcase-section__title">
              {MODS_MESSAGES.title}
            </h2>
            {totalCost > 0 ? (
              <p className="showcase-section__meta">
                Total <strong>{formatCost(totalCost)}</strong>
                {isOwner && mods.some((mod) => !mod.show_cost && mod.cost !== undefined) ? " (includes costs only you see)" : ""}
              </p>
            ) : null}
          </div>
          {mods.length ? (
            <BuildGroups mods={mods} ownerView={isOwner} />
          ) : (
            <p className="showcase-empty">
              <Wrench aria-hidden size={18} /> {MODS_MESSAGES.empty}
            </p>
          )}
        </section>
      </Kept>

      <BuildSheet sheet={sheet} handovers={handoverDates(owners)} />

      <BuildTimeline entries={timeline} handovers={handoverDates(owners)} service={{ ...service, ownerView: isOwner }} />

      <OwnershipHistory owners={owners} />

      <Kept
        as="section"
        name="showcase-posts"
        inputs={[posts, postCount, posts.map((post) => relativeTime(post.createdAt, now)), isOwner]}
        className="showcase-posts"
        aria-labelledby="posts-title"
      >
        <div className="showcase-section__head">
          <h2 id="posts-title" className="showcase-section__title">
            Posts featuring this car
          </h2>
          {postCount > posts.length ? (
            <p className="showcase-section__meta">
              Latest {posts.length} of {postCount}
            </p>
          ) : null}
        </div>
        {posts.length ? (
          <ul className="showcase-posts__grid">
            {posts.map((post) => (
              <li key={post.id}>
                <Link to={postPath(post.id)} className="showcase-post card card--interactive">
                  <div className="showcase-post__media media-frame" style={{ "--ratio": "1 / 1" } as React.CSSProperties}>
                    {post.cover ? (
                      <MediaImage media={post.cover} sizes="(max-width: 767px) 50vw, 260px" />
                    ) : (
                      <p className="showcase-post__text">{post.story || "Text Post"}</p>
                    )}
                    {post.mediaCount > 1 ? <span className="showcase-post__count">{post.mediaCount}</span> : null}
                  </div>
                  <div className="showcase-post__body">
                    {post.cover && post.story ? <p className="showcase-post__story">{post.story}</p> : null}
                    <p className="showcase-post__meta">
                      <span>@{post.creator.username}</span>
                      <span aria-hidden>·</span>
                      <time dateTime={post.createdAt}>{relativeTime(post.createdAt, now)}</time>
                    </p>
                    <p className="showcase-post__counts">
                      <span>
                        <Heart aria-hidden size={14} /> {post.likeCount}
                      </span>
                      <span>
                        <MessageCircle aria-hidden size={14} /> {post.commentCount}
                      </span>
                    </p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="showcase-empty">
            <Images aria-hidden size={18} /> No posts feature this car yet.
            {isOwner ? (
              <Link to="/post/new" className="showcase-empty__link">
                Post it <ArrowRight aria-hidden size={14} />
              </Link>
            ) : null}
          </p>
        )}
      </Kept>
      <BuildExport snippets={snippets} csvUrl={showcaseCsvPath(car.id)} reportUrl={showcaseReportPath(car.id)} />
      <p className="showcase-share">
        Share this page: <a href={share.url}>{share.url}</a>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <CarNotFoundPage message="There's no showcase for this car. It may have been sold, scrapped or deleted by its owner." />;
}
