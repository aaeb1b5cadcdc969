// /post/{id}/edit: the author changes a published post: its story, cars, tagged mods and
// layout, the order of its photos and videos (number fields; Move up / Move down with
// JavaScript), each one's description (alt text), and which ones go. A plain form that works
// without JavaScript. Other members and administrators get 403 (404 for a post they cannot
// see). A refused edit comes back with the reason and everything that was typed.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AlertCircle, ArrowDown, ArrowUp, Check, Images, PenLine, Pencil } from "~/components/icons";
import { mediaAlt } from "~/components/media/viewer-items";
import { mediaSubject, orderedMedia, postMediaItems } from "~/components/post/post-view";
import { EditActions } from "~/components/shell/EditActions";
import { PageHeader } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { LayoutSection } from "~/components/upload/LayoutSection";
import { CarChoices } from "~/components/upload/CarChoices";
import { ModChoices } from "~/components/upload/ModChoices";
import { carDisplayLine } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { flashCookie } from "~/lib/server/cookies.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { readBody } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { LAYOUTS } from "~/lib/rules/layout";
import { useHydrated } from "~/lib/client/hydrated";
import { postPath } from "~/lib/paths";
import { POST_EDIT_MESSAGES, parsePostEdit } from "~/lib/schemas/post-edit-schemas";
import { MAX_STORY_LENGTH, POST_MESSAGES } from "~/lib/rules/post-messages";
import { MAX_ALT_LENGTH } from "~/lib/schemas/upload-media-fields";
import { requireUserPage } from "~/models/auth.server";
import { listCarsOf } from "~/models/car.server";
import { getPost } from "~/models/feed.server";
import { editPost, getPostForEdit } from "~/models/post-edit.server";
import { listModChoices } from "~/models/post-mods.server";
import { limitWrite } from "~/models/rate-limit.server";
import uploadStyles from "~/components/upload/upload.css?url";
import "~/components/post/post-page.css";
import { UserError } from "~/lib/user-error";

// The form's look is the upload form's.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: uploadStyles }];

export const meta: MetaFunction = () => [{ title: `Edit post · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

const LAYOUT_NAMES: Record<(typeof LAYOUTS)[number], string> = { album: "Album", grid: "Grid", carousel: "Carousel", single: "Single" };

/** What the form shows in its fields: the post as stored, or what was typed before a refusal. */
type FormValues = {
  story: string;
  carIds: number[];
  modIds: number[];
  layout: string;
  media: Record<number, { position: string; alt: string; remove: boolean }>;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const id = requireId(params, "id", POST_MESSAGES.notFound);
    const post = await answerUserErrors(() => getPostForEdit(id, user));
    const [shown, cars, mods] = await Promise.all([getPost(id, user.id, { unready: "own" }), listCarsOf(user.id), listModChoices(user.id)]);
    if (!shown) throw new UserError(404, POST_MESSAGES.notFound);
    const media = orderedMedia(shown.photos);
    const items = postMediaItems(shown);
    const subject = mediaSubject(shown);
    const values: FormValues = {
      story: post.story,
      carIds: post.carIds,
      modIds: post.modIds,
      layout: post.layout ?? "",
      media: Object.fromEntries(media.map((medium, index) => [medium.id, { position: String(index + 1), alt: medium.alt ?? "", remove: false }])),
    };
    return {
      postId: id,
      hasAudio: post.hasAudio,
      media: media.map((medium, index) => ({
        id: medium.id,
        kind: medium.kind,
        // A still picture of it: the photo's smallest copy, a video's poster frame.
        thumb: items[index].kind === "video" ? (items[index].poster ?? null) : items[index].url,
        srcset: items[index].kind === "video" ? (items[index].posterSrcset ?? null) : (items[index].srcset ?? null),
        // What it is called when it has no description.
        fallback: mediaAlt({ kind: medium.kind }, index, media.length, subject),
      })),
      cars: cars.map((car) => ({ id: car.id, line: carDisplayLine(car) })),
      mods,
      values,
    };
  });
}

/** The fields as the form sent them, to show again after a refusal. */
function typedValues(fields: Record<string, unknown>, mediaIds: readonly number[]): FormValues {
  const text = (value: unknown) => (typeof value === "string" ? value : Array.isArray(value) ? String(value[value.length - 1] ?? "") : "");
  const ids = (value: unknown) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => Number(item)).filter((item) => Number.isSafeInteger(item) && item > 0);
  return {
    story: text(fields.story),
    carIds: ids(fields.carIds),
    modIds: ids(fields.modIds),
    layout: text(fields.layout),
    media: Object.fromEntries(
      mediaIds.map((mediumId) => [
        mediumId,
        { position: text(fields[`position.${mediumId}`]), alt: text(fields[`alt.${mediumId}`]), remove: fields[`remove.${mediumId}`] !== undefined },
      ]),
    ),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const id = requireId(params, "id", POST_MESSAGES.notFound);
    await limitWrite(request, "postEdit");
    const body = await readBody(request);
    const mediaIds = Object.keys(body.fields)
      .map((name) => /^position\.(\d+)$/.exec(name)?.[1])
      .filter((value): value is string => value !== undefined)
      .map(Number);
    const values = typedValues(body.fields, mediaIds);
    const refuse = (status: number, error: string) => data({ error, values }, { status });
    const parsed = parsePostEdit(body.fields);
    if (!parsed.ok) return refuse(400, parsed.error);
    return answerUserErrors<Response | ReturnType<typeof refuse>>(
      async () => {
        const { changed } = await editPost(id, user, parsed.data);
        const cookie = await flashCookie(request, { toast: { type: "success", message: changed ? POST_EDIT_MESSAGES.saved : POST_EDIT_MESSAGES.unchanged } });
        return redirect(postPath(id), { status: 303, headers: { "Set-Cookie": cookie } });
      },
      (error) => refuse(error.status, error.message),
    );
  });
}

export default function EditPost() {
  const { postId, media, cars, mods, values: stored, hasAudio } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const values = refused?.values ?? stored;
  // A refused form starts again from what was typed.
  return (
    <EditForm
      key={refused ? JSON.stringify(refused) : "stored"}
      postId={postId}
      media={media}
      cars={cars}
      mods={mods}
      values={values}
      hasAudio={hasAudio}
      error={refused?.error ?? null}
    />
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function EditForm({
  postId,
  media,
  cars,
  mods,
  values,
  hasAudio,
  error,
}: Pick<LoaderData, "postId" | "media" | "cars" | "mods" | "hasAudio"> & { values: FormValues; error: string | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [carIds, setCarIds] = useState<number[]>(values.carIds);
  // The media in the order their numbers say (ties: as listed), and the numbers themselves.
  const [positions, setPositions] = useState<Record<number, string>>(() =>
    Object.fromEntries(media.map((medium, index) => [medium.id, values.media[medium.id]?.position ?? String(index + 1)])),
  );
  const [order, setOrder] = useState<number[]>(() => media.map((medium) => medium.id));
  const byId = new Map(media.map((medium) => [medium.id, medium]));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    setOrder(next);
    setPositions(Object.fromEntries(next.map((mediumId, index) => [mediumId, String(index + 1)])));
  };
  const saving = navigation.state === "submitting";

  return (
    <div className="page upload-page post-edit">
      <PageHeader
        title="Edit post"
        icon={<Pencil />}
        subtitle="Change the story, the cars, the mods, the layout and the photos and videos. Likes, comments and saves stay."
      />
      <Form method="post" className="upload-form__details" data-testid="post-edit-form">
        {error ? (
          <div className="upload-error" role="alert" data-testid="post-edit-error">
            <AlertCircle aria-hidden className="upload-error__icon" />
            <p>{error}</p>
          </div>
        ) : null}

        <section className="upload-section">
          <label className="upload-section__title" htmlFor="post-edit-story">
            <PenLine aria-hidden /> Story
          </label>
          <textarea id="post-edit-story" className="input upload-story" name="story" rows={5} maxLength={MAX_STORY_LENGTH} defaultValue={values.story} />
        </section>

        {media.length > 0 ? (
          <fieldset className="upload-section" data-testid="post-edit-media">
            <legend className="upload-section__title">
              <Images aria-hidden /> Photos and videos
            </legend>
            <p className="upload-hint">Number them in the order the post shows them (1 is the cover). A description tells people who cannot see it what it shows.</p>
            <ol className="post-edit__media">
              {order.map((mediumId, index) => {
                const medium = byId.get(mediumId);
                if (!medium) return null;
                const typed = values.media[medium.id];
                const name = medium.fallback;
                return (
                  <li key={medium.id} className="post-edit__medium" data-testid="post-edit-medium" data-medium-id={medium.id}>
                    {medium.thumb ? (
                      <img
                        className="post-edit__thumb"
                        src={medium.thumb}
                        srcSet={medium.srcset || undefined}
                        sizes="120px"
                        alt={typed?.alt || name}
                        width={120}
                        height={120}
                      />
                    ) : (
                      <span className="post-edit__thumb">{name}</span>
                    )}
                    <div className="post-edit__fields">
                      <label className="label" htmlFor={`position-${medium.id}`}>
                        Position of {name.charAt(0).toLowerCase() + name.slice(1)}
                      </label>
                      <input
                        id={`position-${medium.id}`}
                        className="input post-edit__position"
                        type="number"
                        name={`position.${medium.id}`}
                        min={1}
                        max={999}
                        value={positions[medium.id] ?? ""}
                        onChange={(event) => setPositions({ ...positions, [medium.id]: event.target.value })}
                      />
                      {hydrated ? (
                        <span className="post-edit__moves">
                          <button type="button" className="btn btn--ghost btn--sm" onClick={() => move(index, index - 1)} disabled={index === 0}>
                            <ArrowUp aria-hidden size={16} /> Move up
                          </button>
                          <button type="button" className="btn btn--ghost btn--sm" onClick={() => move(index, index + 1)} disabled={index === order.length - 1}>
                            <ArrowDown aria-hidden size={16} /> Move down
                          </button>
                        </span>
                      ) : null}
                      <label className="label" htmlFor={`alt-${medium.id}`}>
                        Description (alt text)
                      </label>
                      <textarea
                        id={`alt-${medium.id}`}
                        className="input"
                        name={`alt.${medium.id}`}
                        rows={2}
                        maxLength={MAX_ALT_LENGTH}
                        defaultValue={typed?.alt ?? ""}
                        placeholder={`Without one: “${name}”`}
                      />
                      <label className="choice">
                        <input type="checkbox" name={`remove.${medium.id}`} value="on" defaultChecked={typed?.remove ?? false} />
                        <span className="choice__box" aria-hidden>
                          <Check />
                        </span>
                        <span className="choice__text">Remove from the post</span>
                      </label>
                    </div>
                  </li>
                );
              })}
            </ol>
          </fieldset>
        ) : null}

        <CarChoices cars={cars} defaultCarIds={values.carIds} empty={<p className="upload-hint">You have no cars to tag.</p>} onTicked={setCarIds} />

        <ModChoices cars={cars} mods={mods} carIds={carIds} defaultModIds={values.modIds} enhanced={hydrated} />

        <LayoutSection>
          {[["", "Automatic"] as const, ...LAYOUTS.map((layout) => [layout, LAYOUT_NAMES[layout]] as const)].map(([layout, title]) => (
            <label key={layout} className="choice choice--layout">
              <input type="radio" name="layout" value={layout} defaultChecked={values.layout === layout} />
              <span className="choice__text">
                <span className="choice__title">{title}</span>
              </span>
            </label>
          ))}
        </LayoutSection>

        {hasAudio ? <p className="upload-hint">The post keeps its track.</p> : null}

        <EditActions className="post-edit__actions" saving={saving} label="Save changes" cancelTo={postPath(postId)} />
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage notFound={{ title: "Post not found", message: POST_MESSAGES.notFound, action: { to: "/", label: "Back to the feed" } }} />;
}
